# The judge's common mails in English: every phrase that agrees with a player's
# grammatical gender ($gender: f | m) or with a number (one / other). The same
# message ids as templates/common/{ru,cs}/common.ftl; the templates use them as
# {{t "id" name=value …}}; a game kind may override any of them in
# templates/<kind>/en/*.ftl, a GM in a JUDGE_TEMPLATES copy. The GM's own gender
# is unknown: no message here agrees with it.

## Acknowledgements (ack.hbs)

ack-errors = { $count ->
    [one] { $count } line NOT accepted
   *[other] { $count } lines NOT accepted
}
ack-mangled = { $count ->
    [one] { $count } unreadable line
   *[other] { $count } unreadable lines
}
ack-player = Player:
ack-replaced = These orders REPLACE the orders you sent earlier for this phase

## Answers to unreadable mail, help and list (error.hbs, help.hbs, list.hbs)

reply-budget-last = { $limit ->
    [one] This is the one reply
   *[other] This is the last of the { $limit } replies
}
# A game's state in LIST (the games' status codes).
list-status = { $status ->
        [paused] paused
        [signup] signup
        [over] over
       *[active] active
    }
list-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}

## Missed phases (notice-abandoned.hbs)

missed-phases = { $missed ->
    [one] { $missed } phase
   *[other] { $missed } phases
} in a row
abandoned-subject = Position { $player } missed { $missed ->
    [one] { $missed } phase
   *[other] { $missed } phases
}
abandoned-gm = { $name } ({ $player }, { $email }) has sent no orders for { missed-phases } in { $title } ({ $game }).
abandoned-gm-back = Orders { $gender ->
    [f] she sends
   *[m] he sends
} before that bring the position back.
abandoned-player = You have sent no orders for { missed-phases } in { $title } ({ $game }), so the GM may hand your position to another player.

## A player removed by the GM (notice-ejected.hbs)

ejected-subject = { $player } has left the game
ejected-body = { $name } ({ $player }) has been removed from { $title } ({ $game }) by the GM.

## A position handed over (notice-replaced.hbs)

replaced-password = The judge has mailed { $gender ->
    [f] her
   *[m] him
} the password and the position as it stands.

## A new address to confirm (notice-confirm-address.hbs)

confirm-if-you = If that was you, send from THIS address a block with the line

## Wrong passwords (notice-locked.hbs, to the GM)

wrong-passwords = { $count ->
    [one] { $count } wrong password
   *[other] { $count } wrong passwords
}
in-hours = in { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}
# A seat's reset codes voided (notice-reset-voided.hbs): "after N wrong codes".
after-wrong-codes = after { $count ->
    [one] { $count } wrong code
   *[other] { $count } wrong codes
}

# The forecast section of an acknowledgement (issue #33; Rules.forecast, src/mail/inbound/forecast.ts).
ack-forecast-title = FORECAST (not a result): what these orders would do
ack-forecast-assumption = Assuming every other player holds (sends no orders) and no dice are rolled (odds are given instead). The others' orders and the dice decide what really happens.
ack-forecast-switch = A line FORECAST OFF in a block turns the forecast off (FORECAST ON back on).
# An acknowledgement whose orders a later mail of the same run changes again (src/mail/inbound/forecast-release.ts).
ack-forecast-later = Not made here: your later mail “{ $subject }” changes these orders again, and the answer to it carries the forecast of your orders as they then stand.
ack-forecast-later-untitled = Not made here: your later mail (with no subject) changes these orders again, and the answer to it carries the forecast of your orders as they then stand.
ack-forecast-gone = Not made: the phase was processed before this answer went out, so its report says what your orders did.
## A new deadline: the GM's list of reminders it leaves without their time (notice-deadline.hbs)

hours-before-deadline = { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} before the deadline

## The judge not run for a while (notice-judge-down.hbs, to the GM)

hours-span = { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}

## The start of a position (start.hbs, start-gm.hbs; the kinds' report.hbs with start)

start-help-heading = == HOW TO WRITE ORDERS ==
start-position = Your position at the start; orders are now due for { $label }.
start-position-gm = The position at the start (everything); orders are now due for { $label }.
# The subject of the position without the start mail's own part (RESEND before the first turn)
start-subject = [{ $game }] { $title }: your position { $player }
start-subject-gm = [{ $game }] { $title }: the position at the start

## The result in a final mail (the kinds' public.hbs and report.hbs with final): the game is over, nothing is due

final-after = The final position, after { $label }.
final-start = The final position: no phase was processed.
