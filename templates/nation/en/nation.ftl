# The nation kind's words in English (Fluent syntax, projectfluent.org), for
# src/games/nation/{texts,reasons,view}.ts: the same message ids as
# templates/nation/ru/nation.ftl (tests/nation/words.test.ts checks it).

## Plurals

turns = { $n ->
    [one] { $n } turn
   *[other] { $n } turns
}
years = { $n ->
    [one] { $n } year
   *[other] { $n } years
}
quoted = "{ $text }"

## The phase (index.ts)

phase-label = Turn { $turn }, stage { $stage }: { $stage ->
    [1] countries' and orders' actions
   *[2] figures' actions
}

## How an order line is refused or understood (orders.ts)

no-actor = who acts is missing: "country", or an order or figure by its name (e.g. "Country public, Wisdom: …", "Templars secret, Aggressiveness: …", "Figure Ivan: …")
unknown-order = unknown order "{ $name }"
unknown-figure = unknown figure "{ $name }"
ambiguous = "{ $word }" may mean: { $list }; be more specific
not-yours = { $name } is not yours
figure-stage-1 = figures act in stage 2 of the turn (this is stage 1: the country and the orders act)
order-stage-2 = the country and the orders act in stage 1 of the turn (this is stage 2: the figures act)
no-direction = the direction of the action is missing: { $list }
no-text = what is done is missing: add it after the direction, e.g. "… — build a dam"
no-goal = the goal of the strategic action is missing (e.g. "goal: invent gunpowder")
constitution-ordinary = Constitution applies only to strategic actions (add "strategic" or choose another direction)
flexibility-strategic = Flexibility of thinking applies only to ordinary (not strategic) actions
strategic-figure = strategic actions are for countries and orders, not figures
scale-figure = a scale is given only for actions of a country or an order
scale-strategic = a strategic action has no scale (the size modifier does not count) — leave it out
scale-range = a scale is { $min } to { $max } on the FUDGE ladder
unknown-strategic = you have no strategic action { $id }
strategic-closed = strategic action { $id } is already { $status }
strategic-actor = { $id } is carried out by { $actor }, not { $other }
strategic-direction = { $id } is based on { $dir }, not { $other }
strategic-new-and-continue = the line both continues { $id } and asks the time of a new action — write two lines
ask-time-and-turns = either ask the time ("how long?") or name it ("in 3 turns") — not both
turns-range = the time is { $min } to { $max } turns
years-per-turn = { $years } is not a whole number of turns: a turn is { $per }
planned-too-short = { $id } has already taken { $done }: the planned time must be longer
influence-not-figure = only figures influence the actions of orders
influence-stage-1 = influence is declared in stage 2 of the turn, once the orders’ actions are known
unknown-action = you know of no action { $id }
influence-figure-action = { $id } is an action of a figure; only the orders’ stage 1 actions can be influenced
no-influence = { $figure } has no influence on "{ $order }"
influence-extra = an influence action is not strategic and has no scale or gain of influence
gain-not-figure = only figures increase their influence on an order
gain-no-order = the order is missing (e.g. "increase influence on the Templars")
abandon-stage-2 = a strategic action is abandoned in stage 1 of the turn, with the actions of the country and the orders
abandon-extra = a line abandoning { $id } cannot also be an action — write two lines
echo-action = { $actor }: { $vis } action, { $dir }{ $scale }{ $extra } — "{ $text }"
echo-action-notext = { $actor }: { $vis } action, { $dir }{ $scale }{ $extra }
echo-scale = , scale { $level }
echo-scale-default = { "" }
echo-ask-time = ; a new strategic action, the GM estimates the time
echo-ask-difficulty = ; a new strategic action in { $turns }, the GM sets the difficulty
echo-continue = ; continuing { $id } "{ $goal }"{ $planned }
echo-planned = , { $turns } in all
echo-gain = ; increasing influence on "{ $order }"
echo-influence = { $actor }: { $vis } influence action — { $sign } { $id } ({ $target }){ $text }
echo-abandon = abandoning strategic action { $id } "{ $goal }" ({ $actor })
support = support of
oppose = opposition to
secret-adj = secret
public-adj = public
secret-adv = secret
public-adv = public
status-done = done
status-abandoned = abandoned
country-label = country { $name }
order-label = order "{ $name }"
figure-label = figure { $name }

## Why an order was refused at adjudication (reasons.ts: reason-<code>)

reason-unknown-actor = no country, order or figure "{ $actor }"
reason-not-yours = "{ $actor }" is not yours
reason-figure-in-stage-1 = figures act in stage 2, after the orders' actions are made known
reason-country-in-stage-2 = countries and orders act in stage 1
reason-influence-in-stage-1 = influence actions are declared in stage 2
reason-abandon-in-stage-2 = a strategic action is abandoned in stage 1
reason-direction-ordinary-only = { $direction } applies to non-strategic actions only
reason-direction-strategic-only = { $direction } applies to strategic actions only
reason-figure-strategic = strategic actions can be taken only by orders or countries
reason-unknown-strategic = you have no strategic action { $id }
reason-strategic-other-actor = strategic action { $id } is carried out by { $actor }
reason-strategic-not-active = strategic action { $id } is over
reason-strategic-twice = strategic action { $id } is already worked on this turn
reason-strategic-abandoned = you abandon strategic action { $id } this turn
reason-planned-too-short = { $done } turns are already spent on { $id }; the new time must be longer
reason-bad-turns = time { $turns }: a whole number of turns { $min }..{ $max } is needed
reason-too-many = the table allows "{ $entity }" at most { $max } { $visibility } actions a turn
reason-gain-not-figure = "increase influence" is an action of a figure
reason-gain-no-influence = { $figure } has no influence on { $order }
reason-unknown-target = you know of no action { $target }
reason-target-not-order = influence acts on actions of orders and countries; { $target } is a figure's
reason-no-influence = { $figure } has no influence on { $order }
reason-influence-twice = { $figure } already influences { $target } this turn
reason-no-slot = { $figure } has no influence action left this turn (influentiality)
reason-permanent-done = after { $figure }'s permanent influence on { $strategic }, influence on single turns of it is impossible
reason-permanent-other = { $figure } already gives a permanent influence to { $strategic }; a second permanent influence is impossible
reason-style-invalid = the style change of { $country } is not taken: { $problems }

## The report (view.ts)

attr = { $attr ->
    [population] Population
    [area] Area
    [gold] Gold reserve
    [gnp] GNP
    [tax] Tax
    [army] Army
   *[stability] Stability
}
h-attribute = Attribute
h-level = Level
h-direction = Direction
h-dnd = D&D
# The D&D attribute a style direction was taken from (games/nation/directions.json `dnd`).
dnd = { $dnd ->
    [Strength] Strength
    [Dexterity] Dexterity
    [Intellect] Intellect
    [Wisdom] Wisdom
    [Constitution] Constitution
   *[Charisma] Charisma
}
h-points = Points
h-order = Order
h-country = Country
h-size = Size
h-secrecy = Secrecy
h-known-also = Also known to
h-id = id
h-player = Player
h-known = Known to
h-name = Name
h-influence-on = On
h-degree = Degree
h-pi = ПИ
order-secrecy = { $secrecy ->
    [underground] underground
    [partial] known to some
   *[public] known to all
}
figure-secrecy = { $secrecy ->
    [underground] underground
   *[known] known
}
nobody = nobody
everybody = everybody
order-unknown-to-you = (an order you do not know of)
slot-every = { $n ->
    [1] every turn
   *[other] once in { turns }
}
slot-free = free
slot-busy = used until turn { $turn }
permanent-slot = permanent: { $strategic }
outcome = { $outcome ->
    [success] success
    [failure] failure
   *[disaster] disaster
}
result-difficulty = difficulty: { $level }
result-total = total { $total }: { outcome }
mod-style = style, { $direction }
mod-penalty = action { $rank } of { $count } { $visibility } ({ $entity })
penalty-entity = { $entity ->
    [country] country
    [underground] underground order
    [partial] order known to some
    [public] order known to all
    [undergroundFigure] underground figure
   *[figure] figure
}
mod-size = scale { $scale } at reasonable size { $rr }
mod-scale = scale
mod-age = age { years }
mod-influence = influence { $id } ({ $who })
mod-permanent = permanent influence ({ $who })
mod-gm = GM
mod-hidden-influence = influence (whose, you do not know)
action-scale = scale { $level }
action-step = step of strategic action { $id }
action-new-strategic = new strategic action { $id }
action-gain = increasing influence on "{ $order }"
influence-own = { $action } { $who }: { $sign } { $target }, degree { $degree }{ $roll } → modifier { $value }
pi-line = { $figure } — { $on }: ПИ { $change }, { pi-reason }{ $roll } → ПИ { $pi }{ $degree }
pi-degree = ; degree { $from } → { $to }
pi-reason = { $reason ->
    [positive-success] support of a successful action
    [negative-failure] opposition to a failed action
    [negative-disaster] opposition to a disastrous action
    [gain] "increase influence" action
    [idle] a turn without influence: −(1+FD)
   *[no-effect] influence without effect
}
progress-other = { $id }{ $goal }: progress { $value }
progress-own = { $id }{ $goal }, turn { $turn }: 1dF { $die }{ $mods } → progress { $value }
strategic-done-other = { $id }{ $goal }: total { $value } ({ outcome })
strategic-done-own = { $id }{ $goal }: { $turns } against an estimate of { $estimate }, time modifier { $time }; { $dice }; progress sum { $sum }; { $formula } = { $value } — { outcome }
strategic-mode-ask-time = the GM estimates the time: { $estimate }
strategic-mode-ask-difficulty = time named by the player, difficulty by the GM: { $estimate }, difficulty { $difficulty }
strategic-planned = ; planned { $turns }
strategic-status = { $status ->
    [done] { status-done }
    [abandoned] { status-abandoned }
   *[active] in progress
}
turn-value = turn { $turn }: { $value }
growth-part = { $part ->
    [die] FD
    [area-population] (area − population)
    [gnp] GNP
    [stability] stability
    [gm] modifiers
   *[carried] last turn’s ПП
}
population-same = population unchanged: { $level }
population-change = population { $from } → { $to }
growth-line = { $country }: ПП = { $parts } = { $pp }; { $population }; ПП carried { $carried }
age-line = { $figure }: { years }, age modifier { $modifier }
secrecy-roll = { " " }(d100 roll { $roll } against { $chance }%)
secrecy-learnt = You learnt that the { $entity ->
    [order] order
   *[figure] figure
} "{ $name }" ({ $where }) exists.
secrecy-kept = { $name }: secrecy kept{ $roll }.
secrecy-known = { $name }: { $change }now also known to: { $who }{ $roll }.
adjust-party = party { $name }
adjust-religion = religion { $name }
adjust-size = size
adjust-degree = degree of influence
adjust-influentiality = influentiality

## Style checks (style.ts)

style-not-level = { $direction }: { $value } is not a FUDGE ladder level (−3 … +3)
style-sum = the points of all directions add up to { $sum }; the sum may not exceed { $max } either way
style-exception = { $count ->
    [one] { $count } direction
   *[other] { $count } directions
} at ±{ $value }
style-or = { " or " }
style-beyond = points beyond −{ $max } … +{ $max } are allowed only as { $allowed }; here: { $list }

## Order lines for the next stage (view.ts examples)

example-country = Country public, Wisdom: build a library
example-order = { $order } secret, Aggressiveness, scale { $scale } — take the port
example-strategic = Country, strategic, Intellect, how long? — invent gunpowder
example-order-turns = { $order } public, Wisdom, in 3 turns — drain the marshes
example-continue = Continue { $id }
example-abandon = Abandon { $id }
example-support = { $figure } secret, support { $id }
example-oppose = { $figure }: oppose { $id }
example-figure = { $figure } public, Communicativeness: hold talks
example-gain = { $figure }: increase influence on "{ $order }"

## The GM’s worksheet and adjustments (gm.ts)

gm-word-country = country
gm-word-order = order
gm-word-figure = figure
gm-word-secret = secret
gm-word-public = public
gm-word-ordinary = ordinary action
gm-word-step = step of a strategic action
gm-word-new-strategic = start of a strategic action
gm-word-influence = influence action
gm-word-gain = increase influence
gm-gain-what = increase of influence on { $target }
gm-word-support = support
gm-word-oppose = opposition
gm-word-style = style
gm-word-penalty = number of actions
gm-word-size = size
gm-word-age = age
gm-word-permanent = permanent influence
gm-word-ask-time = the player asks for the time
gm-word-ask-difficulty = the player names the time and asks for the difficulty
gm-word-abandoned = the player abandons it this turn

gm-error-unknown = "{ $id }": no such decision. GM adjustments: set:<country>.<attr>, set:<country>.party.<name>, set:<country>.religion.<name>, style:<country>.<direction>, style:<country> "aggression=+1 wisdom=-1", size:<order>, secrecy:<order|figure>, degree:<figure>.<order>, influentiality:<figure>
gm-error-level = "{ $raw }": a FUDGE ladder level is needed (−3 … +3 or Terrible … Superb)
gm-error-size = an order's size ({ $v }) may not exceed its country's size, the area ({ $area })
gm-error-style = style of { $country } refused: { $problems }. Several directions at once: DECIDE style:{ $country } aggression=+1 wisdom=-1
gm-error-style-syntax = "{ $raw }": "direction=value …" is needed, e.g. aggression=+1 wisdom=-1
gm-error-secrecy-order = "{ $raw }": underground, partial, public or the id of a player who learns of the order
gm-error-secrecy-figure = "{ $raw }": underground, known or the id of a player who learns of the figure
gm-error-public-partial = every player knows of { $id } already: it cannot become partly known
gm-error-knows = player { $player } knows of { $id } already
gm-error-orders = influentiality { $v } gives influence on at most { $max ->
    [one] { $max } order
   *[other] { $max } orders
}; { $figure } has { $n }

gm-ask-difficulty = difficulty of { $who }
gm-ask-scale = scale of { $who } (reasonable size { $rr })
gm-ask-mod = situational modifier of { $who }
gm-ask-time = time estimate N (turns) for { $who }
gm-ask-strategic-difficulty = difficulty of the strategic action { $who } in { turns }
gm-ask-growth = population growth modifiers of { $country }
gm-mod-size = size (RR { $rr }, scale { $scale })
gm-no-default = none — must be answered
gm-certain = certain
gm-growth-formula = FD + (area { $area } − population { $population }) + GNP { $gnp } + stability { $stability } + modifiers + last ПП { $growth }
gm-figure-secrecy = { $secrecy ->
    [underground] underground
   *[known] known
}

## The end of the game: the final countries (reveal.ts)
reveal-country = { $country } (player { $player }): { $attrs }
