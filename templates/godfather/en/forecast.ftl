# The forecast in the acknowledgement of orders (issue #33, src/games/godfather/forecast-text.ts):
# what your orders would do if nobody else did anything.

forecast-note = Only your orders are counted. The other players' protections, blocks and reactions are their secrets: ВО and ТВ changes are given as the action's table gives them, if the target is not protected.
forecast-acts = Actions
forecast-vote-title = The prison vote
forecast-act = line { $line }: { $action }{ $targets }
forecast-act-ok = would be carried out unless you are blocked
forecast-act-failed = would not be carried out: { $why }
forecast-cost-main = takes your action of this { $half ->
    [night] night
   *[day] day
  }
forecast-cost-extra = an extra action: it does not take your action of this { $half ->
    [night] night
   *[day] day
  }
forecast-cost-free = takes no action of the day or night
forecast-cooldown = then available again in { $hours } h
forecast-once = once a game only
forecast-effect = by the table: { $text }
forecast-member = a faction member's action: which one he has at the deadline, and whether the targets and choice given fit it, is checked only then; if they do not, the move is spent for nothing
forecast-changes = changes: { $list }
forecast-change = { $player } { $stat } { $delta }{ $temp ->
    [0] {""}
   *[other] {" "}(for a while)
  }
forecast-blocked = if you are blocked: it has no effect, but it counts as your move and its cooldown runs
forecast-unblockable = this action cannot be blocked
forecast-idle = WARNING: you have not acted this { $half ->
    [night] night
   *[day] day
  } and these orders hold no action that would count: without one, −2 ВО and −2 ТВ and the GM's reprimand
forecast-vote = the vote for { $target } counts: strength { $strength }
forecast-vote-carries = you also carry the vote of: { $list }
forecast-vote-not-listed = the vote for { $target } would not count: that player is not on the list
forecast-vote-cannot = the vote for { $target } would not count: you cannot vote now
forecast-vote-change-used = the vote for { $target } would not count: a vote may be changed only once a game
forecast-vote-none = you have not voted today: without a vote, at 21:00 −2 ВО and −2 ТВ and the GM's reprimand
forecast-vote-prison = you are in prison, but prisoners vote
forecast-vote-strip = another player's action may take your vote's strength away in secret ({ $names }): nobody tells you
