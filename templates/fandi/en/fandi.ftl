# FanDi: every reason and result a player reads, in English (Fluent syntax, projectfluent.org).
# Codes are stable (rule cases and tests name them).

## Parse errors

unknown-order = cannot understand this order
bad-square = square { $at } is not on the map
unknown-unit = unknown unit type "{ $word }"
unknown-player = unknown player "{ $word }"
ambiguous-player = "{ $word }" could be { $list }: write the whole god name
extra-words = unexpected words: { $words }
missing-amount = the amount is missing (a number or "rest")
bad-amount = the amount must be a positive whole number
missing-city = the city is missing (a square, e.g. B4)
missing-city-which = the city is missing: you have several ({ $list }), write which, e.g. "{ $example }"
missing-path = the path is missing (at least two squares, e.g. B4 B6)
missing-player = the player to hand over to is missing
missing-target = the order does not say what to invest in (walls, science, technology, value, cash)
missing-unit = the unit type is missing
not-a-city = there is no city on { $at }
not-your-city = city { $at } is not yours
neutral-target = city { $at } is neutral
same-city = the target is the same city
no-units = you have no such units on { $at }
not-enough-units = only { $have } such units are available on { $at }
unit-unknown = unit #{ $id } does not exist or is not yours
unit-elsewhere = unit #{ $id } is on { $at }, not on { $from }
unit-twice = unit #{ $id } already has a move order
path-step = { $from }→{ $to } is not a step to a neighbouring square
path-rock = square { $at } is impassable (#)
path-stop = the move must stop on the foreign city { $at }
path-blocked = there is no legal path from { $from } to { $to }
too-far = the path has { $steps } steps, the units move only { $move }
science-needed = { $unit } needs science { $need } (you have { $have })
science-max = science is already at level 2
tech-max = trade is already developed
walls-max = the walls are already at level 2
extra-too-much = at most { $max } xc can be taken as extra yield
duplicate = this order was already given for { $at }
spy-none = no spy is ready in { $at }
spy-not-neighbour = { $target } is not a neighbouring city of { $at } (neighbours: { $list })
spy-own = { $target } is your own city
coat-self = you cannot hand over to yourself
coat-out = player { $player } is out of the game
after-rest = the order "{ $first }" already spends all that is left in { $at }: this one would get nothing (write it before)
city-coat-busy = city { $at } changes coat this turn: no other order for it
out = you are out of the game
game-over = the game is over

## Notes added to an understood order (acknowledgement and report)

stop-note = the units must stop in the foreign city { $at }: they go no further ({ $rest })
warn-coat-fight = WARNING: your other units stay on { $at }; the given units are another side and will fight them ("at uz jsou spojenci, ci ne")
warn-coat-city = WARNING: only { $to }'s units would then stand in your city { $at }, and they occupy it
repeated = repeated from last turn (no orders came)

## Adjudication results

moved = moved to { $to }
moved-stopped = moved to { $to }; the units stopped in the foreign city (the rest of the path, { $rest }, is dropped)
built = built { $count }× { $unit } for { $amount } xc
built-part = not enough money for { $want }: built { $count } for { $amount } xc
invested = invested { $amount } xc
invested-part = not enough money: invested only { $amount } of { $want } xc
no-money = no money was left
cash-kept = the rest stays as cash
cash-set-aside = { $amount } xc set aside as cash
cash-part = not enough money: only { $amount } of { $want } xc set aside as cash
extra-taken = took { $amount } xc extra, value down to { $value }
spy-built = spies made: { $count } for { $amount } xc
spy-sent = spy sent to { $target }
messenger-sent = messenger sent to { $target } with { $amount } xc (cost { $cost } xc)
messenger-part = messenger sent to { $target } with only { $amount } of { $want } xc (cost { $cost } xc)
messenger-yield = a messenger carries only this turn's yield: sent to { $target } with { $amount } of { $want } xc (cost { $cost } xc)
messenger-no-yield = a messenger carries only this turn's yield, and none of it was left
given = handed over to { $to }
attack-set = home { $units } attack this turn
owner-changed = city { $at } changed hands this turn: the order is void
city-not-yours-now = city { $at } is no longer yours
units-gone = the units no longer exist
units-part = only { $count } of { $want } handed over

## Report lines

destroyed = { $unit } #{ $id } destroyed
player-out = { $who } has no city and no unit and is out.
nmr = Your orders for this turn did not come. { $count ->
    [0] Nothing is repeated: units hold, cities pay upkeep and keep the rest as cash.
    [one] { $count } investment of last turn is repeated (never builds, moves, coats, spies or messengers).
   *[other] { $count } investments of last turn are repeated (never builds, moves, coats, spies or messengers).
  }
