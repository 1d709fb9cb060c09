# "The Godfather's Legacy": every text the judge writes to players and the GM (Fluent, https://projectfluent.org).
# $…Gender is the gender of the player the text is about (m | f); numbers pick their plural forms.

## Reading orders

unknown-order = cannot understand this order
unknown-action = unknown action "{ $word }"
not-your-action = the action "{ $action }" is not yours
ambiguous-player = unclear who "{ $word }" is: it could be { $options }
ambiguous-action = unclear which action "{ $word }" is: it could be { $options }
no-sign-choice = the action "{ $action }" has no choice of sign: drop the "-"
unknown-player = unknown player "{ $word }"
extra-words = unexpected words: { $words }
targets-count = { $need ->
    [0] this action takes no targets, { $got } given
    [one] { $need } target needed, { $got } given
   *[other] { $need } targets needed, { $got } given
  }
same-target = the targets must differ
no-self = an ordinary action cannot target yourself
target-dead = { $player } is out of the game
target-absent = { $player } is absent (baptising the Indians)
target-not-prisoner = { $player } is not in prison
target-prisoner = { $player } is in prison
target-not-member = { $player } is not a member of your faction
need-choice-sign = name the sign: + or -
need-choice-stat = name ВО or ТВ
need-choice-guard = name "execution" or "prison"
need-choice-action = name the action
need-choice-number = name the anonymous message number
bad-anon = no anonymous message #{ $number }
wrong-half-day = this is a day action and it is night
wrong-half-night = this is a night action and it is day
need-faction = you are not in a faction
need-no-faction = individual actions are for players outside factions
need-leader = you are not a faction leader
need-vo = hero actions need ВО 8 or more (you have { $have })
need-tv = manipulations need ТВ 12 or more (you have { $have })
cooldown = the action is available again in { $hours } h
once = this action may be used only once a game
lost-action = you have lost this action (bonded contract)
already-acted = you have already acted this { $half ->
    [night] night
   *[day] day
  }
two-actions = a second action this { $half ->
    [night] night
   *[day] day
  }: one action a day and one a night
in-prison = prisoners cannot act
cannot-act = you cannot act now
dead = you are out of the game
game-over = the game is over
no-vote-now = no prison vote is open now
not-candidate = { $player } is not on the vote list
vote-changed = you may change your vote only once a game
cannot-vote = you cannot vote now
night-only = faction actions are for the night only
cannot-invite = only a free player (or a leader) not in prison and with ТВ > 0 may invite
too-many-invites = { $max ->
    [one] at most { $max } invitation a night
   *[other] at most { $max } invitations a night
  }
not-member = you are not in a faction
not-your-member = { $player } is not a member of your faction
lair-role-only = the lair performs role actions only, not { $member }'s secret action
lair-not-role-action = that is not an action of { $member }'s role ({ $role })
lair-nested = "{ $action }" names or performs another action itself: it cannot be performed through the lair
member-lost-action = { $member } has lost this action (bonded contract)
member-no-action = { $member } has no such action
self = you cannot name yourself
duplicate = this order was already given
not-your-feature = this is not your feature
free-used = already used { $when ->
    [today] today
   *[game] this game
  }
bonus-late = the bonus is chosen at the start (day 1, 09–15)
need-stat = name ВО or ТВ
msg-colon = write the text after a colon: PRIVATE Ivan: text
msg-empty = the message is empty
msg-unterminated = the multi-line message has no closing "." line

## Messages refused

msg-dead = players out of the game cannot write
msg-absent = you are absent and cannot talk
msg-to-dead = { $player } is out of the game
msg-to-absent = { $player } is absent
msg-no-privates = you are deprived of private messages
msg-limit = the daily limit of private messages ({ $max }) is reached
msg-anon-limit = { $max ->
    [one] at most { $max } anonymous message a day
   *[other] at most { $max } anonymous messages a day
  }
msg-anon-none = you may send no anonymous messages (this game's setup)
msg-to-self = you cannot write to yourself

## What the judge understood (acknowledgements)

o-vote = Vote to imprison: { $player }
o-invite = Invite into a faction: { $player }
o-accept = Accept the invitation of { $player }
o-leave = Leave the faction{ $named ->
    [yes] { " " }({ $player })
   *[no] {""}
  }
o-expel = Expel from the faction: { $player }
o-displace = Displace the faction leader{ $named ->
    [yes] { " " }({ $player })
   *[no] {""}
  }
o-read = Open the next 3 privates of { $player }
o-eavesdrop = Overhear: { $player }
o-endday = Learn the last day of the negotiations
o-bonus = Secret bonus: +2 { $stat }
o-leader = Leader's action: { $member } — { $action }
o-trick = Trick: { $action }
o-his-action = { $playerGender ->
    [f] her
   *[m] his
  } { $kind ->
    [day] ordinary day action
    [night] ordinary night action
    [ordinary] ordinary action (of the day or night his move falls in)
    [individual] individual action
    [faction] faction action
    [hero] hero action
    [manipulation] manipulation
   *[secret] secret action (of the day or night his move falls in)
  }
o-member-action = { $memberGender ->
    [f] her
   *[m] his
  } { $kind ->
    [secret] secret { $half ->
        [night] night
       *[day] day
      } action
   *[ordinary] ordinary action (by the role: { $action })
  }
o-member-role-action = { $memberGender ->
    [f] her
   *[m] his
  } { $kind ->
    [day] day action
    [night] night action
    [individual] individual action
    [faction] faction action
    [hero] hero action
    [manipulation] manipulation
   *[named] role action
  } (by the role: { $action })
o-msg-private = Private message → { $to } ({ $n ->
    [one] { $n } char
   *[other] { $n } chars
  })
o-msg-anonymous = Anonymous message ({ $n ->
    [one] { $n } char
   *[other] { $n } chars
  })
o-msg-public = Message to all ({ $n ->
    [one] { $n } char
   *[other] { $n } chars
  })
c-execution = protection from execution
c-prison = immunity from prison
c-jail = jail
c-free = free

## Results of actions (to the player)

r-done = done
r-blocked = blocked
r-no-effect = no effect
r-failed = failed: { $why }
r-target-gone = the target is out of reach
r-replaced-blackmail = not done: you are blackmailed, the forced move was made instead
r-proxy-void = not carried out, the move is spent: { $member } has no such action now, or the targets and choice given do not fit it
r-gm = the GM's ruling: { $text }
r-gm-none = the GM gave no ruling: no effect
via-leader = leader's action
via-proxy = for a faction member
via-trick = trick
via-forced = blackmailed
leader-action = Leader's action

## Notices (private)

n-blocked-you = Your actions were blocked
n-invited = { $player } invites you into a faction (ACCEPT { $player } this night or the next)
n-invite-declined = You are in a faction: the invitation from { $player } was declined automatically
n-invite-sent = Invitation sent to { $player }
n-invite-blocked = The invitation was not sent (faction membership is frozen)
n-joined = You joined faction { $faction }
n-member-joined = { $player } joined faction { $faction }
n-founded = Faction { $faction } was founded; you lead it
n-accept-failed = Could not join the faction of { $player }
n-left = You left faction { $faction }
n-member-left = { $player } left faction { $faction }
n-expelled = You were expelled from faction { $faction }
n-member-expelled = { $player } was expelled from faction { $faction }
n-leave-failed = You cannot leave the faction: { $why }
n-expel-failed = You cannot expel { $player }: { $why }
n-leave-attempt = { $player } tried to leave your faction
n-expel-attempt = Somebody tried to expel you from the faction
n-leader = You now lead faction { $faction }
n-new-leader = The new leader of faction { $faction }: { $player }
n-displaced = You were displaced: { $player } now leads faction { $faction }
n-displace-won = You displaced the leader of faction { $faction }
n-displace-lost = The attempt to displace the leader failed
n-dissolved = Faction { $faction } was dissolved
n-character-revealed = Your secret character was revealed
n-leadership-lost-prison = You are in prison and no longer lead faction { $faction }
n-end-day = The negotiations now end on the morning of day { $day }
n-bonus = Your secret bonus: +2 { $stat }
n-forced = You are blackmailed: your move is forced
n-watch-set = { $n ->
    [one] The next private message of { $player } will be opened for you
   *[other] The next { $n } private messages of { $player } will be opened for you
  }
n-no-privates = You are deprived of private messages
n-vote-change-ignored = Vote not changed: only one change of mind a game
why-frozen = faction membership is frozen
why-loyal = the Loyal is bound for three days
why-loyal-leader = a Loyal leader's faction cannot be left for three days
why-wait = two cycles have not passed since joining
why-one-a-day = at most one expulsion a day
why-loyal-target = a Loyal member cannot be expelled for three days

## What a player learned

l-nobody = nobody
l-nobody-to = nobody
l-none = none
l-character = The secret character of { $player }: { $character }
l-stats = { $player }: ВО { $vo }, ТВ { $tv } (with every bonus)
l-factions = The factions: { $list }
l-faction-item = faction { $faction } (leader { $leader }: { $members })
l-no-factions = none
l-all-tv = Everyone's ТВ: { $list }
l-in-faction = { $player } is { $yes ->
    [yes] {""}
   *[no] not{ " " }
  }in a faction
l-same-faction = { $a }: { $aIn ->
    [yes] in a faction
   *[no] in none
  }; { $b }: { $bIn ->
    [yes] in a faction
   *[no] in none
  }; the same faction: { $same ->
    [yes] yes
   *[no] no
  }
l-targets-of = { $player } acted on: { $list }
l-strikeback = { $player } acted on: { $list }; acted on { $playerGender ->
    [f] her
   *[m] him
  }: { $actors }
l-secret-log = Secret actions of the last 24 hours: { $list }
l-priv-counts = { $player } wrote privates to: { $list }
l-author = The author of anonymous message #{ $no }: { $player }
l-author-unknown = The author of anonymous message #{ $no } could not be found
l-faction-targets = Your faction members acted on: { $list }
l-eavesdrop-none = Nothing overheard from { $player }

## The public report

faction-name = #{ $n }
anon-no = #{ $no }
st-free = free
st-prison = in prison
st-dead = dead
st-poisoned = poisoned
st-absent = absent
p-reprimand-action = The GM's reprimand: { $player } did not act (-2 ВО, -2 ТВ)
p-reprimand-vote = The GM's reprimand: { $player } did not vote (-2 ВО, -2 ТВ)
p-riot = A riot! The day ends early
p-ballot = { $voter } { $changed ->
    [yes] changed { $voterGender ->
        [f] her
       *[m] his
      } vote: now to imprison
   *[no] votes to imprison
  } { $target }

## Your actions

kind-day = day
kind-night = night
kind-individual = individual
kind-faction = faction
kind-hero = hero
kind-manipulation = manipulation
kind-secretDay = secret day
kind-secretNight = secret night
a-lost = lost
a-in-hours = in { $hours } h

## For the GM

gm-headers = id|name|role|character|ВО|ТВ|ВО+|status|factions
gm-standing = { $player }{ $faction }: ВО { $vo }, ТВ { $tv }
gm-standing-out = { $player }{ $faction }: ВО { $vo }, ТВ { $tv } — { $why }
gm-standing-why-dead = dead
gm-standing-why-prison = in prison
gm-standing-why-member = the character cannot win in a faction
gm-standing-why-two-factions = the character needs exactly one faction, and has several
gm-standing-why-no-faction = the character needs exactly one faction, and has none
gm-ask = { $actor }: "{ $action }"{ $hasTargets ->
    [yes] { " " }→ { $targets }
   *[no] {""}
  }{ $hasNote ->
    [yes] { " " }("{ $note }")
   *[no] {""}
  }. The document gives no description: what happens? Answer with the text for the player; ВО/ТВ changes as DECIDE { $id }.<player>.vo <±n> (or .tv)
gm-bad-id = "{ $id }": expected <player>.quarrel.<player>.vo or .tv (a ВО/ТВ change the GM decides)
gm-bad-player = "{ $id }": no such player
gm-bad-change = "{ $raw }": expected a whole number from -20 to 20

## The end of the negotiations: what the final mail reveals (reveal.ts)

reveal-line = { $name } — { $role }; secret character: { $character }; ВО with secret bonuses { $vo }, ТВ { $tv }; { $factions }
reveal-faction = faction (leader { $leader })
reveal-free = in no faction
