# The resolution trace of the GM's report (src/games/godfather/trace-text.ts): the
# priority steps and what each did. Players by their ids (as in the GM's table),
# actions by their names, factions by their ids.

trace-over = the game is over
trace-period = Period { $t } (day { $day }, { $slot ->
    [0] 09–15
    [1] 15–21
   *[2] night
  })
trace-step = [{ $step }]

## The priority steps (resolve.ts, STEPS)

trace-step-collect = the acts: orders, the leader's action, proxies, blackmail
trace-step-earlier-blocks = blocks still running from earlier periods
trace-step-block-force = blocks: which blocks, protections and redirects have force (a blocked player's have none)
trace-step-shields = blocks: protections
trace-step-redirects = blocks: redirects
trace-step-blocks = blocks
trace-step-stats = ВО/ТВ effects
trace-step-other = ВО/ТВ effects: prison, vote strength, lasting effects
trace-step-checks = checks
trace-step-poison = poisoning
trace-step-heal = healing
trace-step-poison-death = death by poison
trace-step-factions = faction actions (invite, displace, leave, expel, accept)
trace-step-messages = messages (anonymous, reading abilities)
trace-step-ballots = prison vote ballots
trace-step-idle = not acting
trace-step-end-of-day = end of the day: not voting, the prison vote, debts, prison thresholds
trace-step-gm = the GM's narrative and bulletin

## The period's acts

trace-act = #{ $n } { $actor }: "{ $action }"{ $via } → { $targets }: { $status }{ $blockClass ->
    [1] {" "}[block class]
   *[other] {""}
  }
trace-via-leader = leader's action
trace-via-proxy = as a proxy
trace-via-trick = trick
trace-via-forced = blackmailed
trace-status-ok = in force
trace-status-blocked = blocked
trace-status-failed = failed
trace-unavailable = #{ $n } { $actor }: "{ $action }" cannot be done: { $problem }
trace-proxy-void = #{ $n } { $actor }: { $member }'s action "{ $action }" cannot be performed as ordered: { $problem } (he is told only that it did not fit)
trace-blackmail = { $player }: blackmail applied
trace-blackmail-void = { $player }: blackmail comes to nothing: "{ $action }" is none of { $playerGender ->
    [f] her
   *[m] his
  } moves now (not told)

## Blocks, protections, redirects

trace-blocked-earlier = #{ $n } { $actor }: "{ $action }" blocked (an earlier period's block)
trace-blocked-no-force = #{ $n } { $actor }: "{ $action }" blocked, no force
trace-blocked = #{ $n } { $actor }: "{ $action }" blocked
trace-block-cycle = cycle of blocks: { $acts } — all take effect
trace-shield = #{ $n } { $actor }: "{ $action }" → { $targets }
trace-redirect = #{ $n } redirects #{ $m }: { $from } → { $to }
trace-lighthouse = #{ $n } "{ $action }": #{ $m }'s targets are now { $targets }
trace-block-stopped = #{ $n }: block on { $target } stopped: { $why }
trace-act-stopped = #{ $n } "{ $action }" on { $target } stopped: { $why }

## Why an effect did not get through (blocks.ts, shieldOf); why into prison or out of it

trace-why-dead = the target is dead
trace-why-absent = the target is absent
trace-why-lamp = whale-oil lamp
trace-why-guard = faction guard
trace-why-home = "Prison is my home"
trace-why-hounds = hunting dogs
trace-why-tasting = night wine tasting
trace-why-armed = armed slaves
trace-why-gossip = a Gossip is immune to ВО losses larger than 1 from non-members of his faction
trace-why-immune = protection from prison
trace-why-shield = protection from poison
trace-why-poisoned = already poisoned
trace-why-execution = execution
trace-why-vote = the vote
trace-why-debt = debt
trace-why-low-vo = ВО ≤ -6
trace-why-high-vo = ВО ≥ 6

## ВО and ТВ

trace-stat-vo = ВО
trace-stat-tv = ТВ
trace-change = { $target }: { $stat } { $delta }{ $temp ->
    [1] {" "}(temporary)
   *[other] {""}
  }{ $by ->
    [none] {""}
   *[other] {" "}(by { $by })
  } → { $value }
trace-change-stopped = { $target }: { $stat } { $delta }{ $by ->
    [none] {""}
   *[other] {" "}(by { $by })
  } stopped: { $why }
trace-wrath-earlier = Divine retribution answers { $by } → { $target }, { $stat } { $delta } earlier the same day or night
trace-temp-ends = { $target }: temporary { $stat } { $delta } ends
trace-swap = #{ $n } "{ $action }": { $a } { $da } ⇄ { $b } { $db }

## Prison, poison, negotiations

trace-prison = { $player } → prison ({ $why })
trace-prison-act = { $player } → prison ("{ $action }")
trace-released = { $player } released ({ $why })
trace-released-act = { $player } released ("{ $action }")
trace-poison-failed = #{ $n }: poison on { $target } fails: { $why }
trace-poisoned = { $player } poisoned
trace-execution-stopped = { $player }: execution stopped by the jailer
trace-executed = { $player } executed (prison, poison)
trace-healed = { $player } healed
trace-poison-death = { $player } dies of poison
trace-end-day = negotiations: last day { $before } → { $after }

## Factions and messages

trace-faction-dissolved = faction { $faction } dissolved
trace-faction-disbanded = faction { $faction } disbanded
trace-invitation = invitation: { $player } → { $target }
trace-displace = { $player } displaces { $leader } in { $faction }
trace-displace-failed = { $player } fails to displace { $leader } in { $faction }
trace-join = { $player } joins { $faction } (leader { $leader })
trace-anon = anonymous message #{ $no } published
