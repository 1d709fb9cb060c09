# The seats by mail (issue #31): sign-up (JOIN), open positions (TAKEOVER),
# absences (ABSENCE), the GM's approvals. src/engine/signup.ts, takeover.ts,
# absence.ts, approvals.ts; src/mail/inbound/join.ts, seat-commands.ts, gm-seats.ts.

## Why a seat command is refused (seat-err-<code>)
seat-err-no-game = there is no game "{ $game }" on this judge; a mail whose first line is LIST lists the games
seat-err-over = the game { $game } is over
seat-err-started = the game { $game } is not open for sign-up (it has started); a mail whose first line is LIST shows its open positions, if any
seat-err-closed = sign-up for { $game } is closed
seat-err-gm-address = this is the GM's address of { $game }; the GM does not play
seat-err-already = this address has signed up for (or asked for a position in) { $game } already
seat-err-no-seat = "{ $seat }" is no seat of { $game }; its seats: { $seats }
seat-err-no-name = write your name after the game: JOIN { $game } <your name>
seat-err-bad-name = the name is too long or holds characters that would garble mails (at most 64)
seat-err-seat-taken = the seat { $seat } of { $game } is taken, and its waiting list is full
seat-err-full = every seat of { $game } is taken, and its waiting list is full
seat-err-busy = { $game } has { $count } sign-ups waiting for their confirmation, the most it takes at once; try again later (a sign-up not confirmed within { $hours } hours lapses)
seat-err-too-few = { $game } has { $count } players; it starts with { $min } at least
seat-err-no-request = nothing waits for your approval under number { $id }
seat-err-no-request-here = this address has asked for nothing in { $game } that waits for a code
seat-err-code-tries = too many wrong codes: this request takes no more
seat-err-wrong-code = wrong code ({ $left ->
    [one] one more try
   *[other] { $left } more tries
})
seat-err-not-open = { $seat } is no open position of { $game } (LIST shows the open ones)
seat-err-other-seat = this address plays another position of { $game }
seat-err-address = the judge does not sign up this address (its own, or a robot's)
seat-err-absence-usage = write it so: ABSENCE <first day> <last day>, e.g. ABSENCE 2026-12-03 2026-12-06 or ABSENCE 3.12.2026 6.12.2026
seat-err-absence-date = "{ $text }" is not a day (write 2026-12-03 or 3.12.2026)
seat-err-absence-order = the last day is before the first
seat-err-absence-past = the absence starts in the past
seat-err-absence-long = an absence may last { $days } days at most, even with the GM
seat-err-withdraw-started = the game has started: WITHDRAW works only before the start; ask the GM

## The answer to JOIN, TAKEOVER and CONFIRM (seat-answer-<id>-subject, seat-answer-<id>)
seat-answer-join-subject = Confirm your sign-up for { $game }
seat-answer-join =
    To sign up for { $game }, send the judge within { $hours } hours a mail
    whose first line is

      CONFIRM { $game } { $code }

    (a reply to this mail will do, the line at the top). No seat is held for
    you until then: the seats go to the players in the order they confirm.
    { $free ->
        [0] All { $seats } seats are taken now; once you confirm, you are on the
    waiting list and take a seat when one is left.
        [one] One of the { $seats } seats is free now; once you confirm, you take it
    if it is still free (else a place on the waiting list), and get your
    player id and a password.
       *[other] { $free } of the { $seats } seats are free now; once you confirm, you
    take one if one is still free (else a place on the waiting list), and get
    your player id and a password.
    }
    If you did not ask for this, do nothing.
seat-answer-join-seat-subject = Confirm your sign-up for { $game }
seat-answer-join-seat =
    To sign up for the seat { $seat } of { $game }, send the judge within
    { $hours } hours a mail whose first line is

      CONFIRM { $game } { $code }

    (a reply to this mail will do, the line at the top). The seat is held for
    nobody until then: it goes to whoever confirms first.
    { $free ->
        [0] It is taken now; once you confirm, you are on its waiting list and
    take it if it is left.
       *[other] It is free now; once you confirm, you take it if it is still free
    (else a place on its waiting list), and get a password.
    }
    If you did not ask for this, do nothing.
seat-answer-takeover-asked-subject = Position { $seat }: confirm your request
seat-answer-takeover-asked =
    You asked for the open position { $seat } in { $game }. To go on, send the
    judge within { $hours } hours a mail whose first line is

      CONFIRM { $game } { $code }

    If you did not ask for this, do nothing.
seat-answer-seated-subject = You are signed up
seat-answer-seated = Confirmed: you are signed up for { $game } as { $seat }. Your password comes in a mail of its own.
seat-answer-join-gm-subject = Confirmed: the GM decides
seat-answer-join-gm = Confirmed. The GM of { $game } approves the sign-ups; you hear from the judge as soon as the GM has decided.
seat-answer-waiting-confirmed-subject = Confirmed: you are on the waiting list
seat-answer-waiting-confirmed = Confirmed. The seats of { $game } went to those who confirmed before you: you are number { $place } on the waiting list, take a seat as soon as one is left, and get your password then.
seat-answer-join-full-subject = Not signed up: { $game } is full
seat-answer-join-full = Confirmed, but the seats of { $game } and its waiting list filled up before you confirmed: your sign-up has ended. A mail whose first line is LIST shows what is open.
seat-answer-takeover-gm-subject = Confirmed: the GM decides
seat-answer-takeover-gm = Confirmed. The GM of { $game } decides on your request for { $seat }; you hear from the judge then.
seat-answer-takeover-done-subject = The position { $seat } is yours
seat-answer-takeover-done = Confirmed: the position { $seat } in { $game } is yours. Your password and the position as it stands come in a mail of their own.
seat-answer-refused-subject = Not done: { $reason }
seat-answer-refused = Not done: { $reason }. Nothing was changed.
seat-budget-last = { $limit ->
    [one] This is the only reply
   *[other] This is the last of { $limit } replies
} your address gets today: further mails the judge cannot accept, and HELP, LIST, JOIN or TAKEOVER, get no reply until tomorrow (UTC), and a JOIN or TAKEOVER is not taken then.

## Notices (seat-<event>-subject, seat-<event>)
seat-seated-subject = You play in { $title }: your id and password
seat-seated =
    You are signed up for { $title } ({ $game }).

      Your id:    { $player }
      Password:   { $password }

    The judge made the password for you; keep it to yourself. Seats taken:
    { $count } of { $seats }. The game starts when every seat is taken{ $closes ->
        [none] .
       *[other] , or at
            { $closes }
            with the players it has then.
    }
    Everybody gets a start mail with his position then. Before the start, a
    block with the line WITHDRAW gives your seat up:

      GAME { $game } { $player } <password>
      WITHDRAW
      END
seat-joined-subject = { $playerName } signed up
seat-joined = { $playerName } ({ $player }, { $email }) signed up for { $title } ({ $game }): { $count } of { $seats } seats taken.
seat-lapsed-subject = Your request lapsed
seat-lapsed = You did not confirm your request for { $title } ({ $game }) in time, so it has lapsed. A mail whose first line is LIST shows what is open now.
seat-left-subject = { $playerName } gave up the seat
seat-left = { $playerName } ({ $player }) left { $title } ({ $game }) before the start; the seat goes to the waiting list.
seat-closed-subject = { $title } started without you
seat-closed = { $title } ({ $game }) has started with the players it had; your request has ended. If a position opens later, a mail whose first line is LIST shows it.
seat-short-subject = Sign-up closed with too few players
seat-short = Sign-up for { $title } ({ $game }) was to close now, but it has { $count } players and needs { $min }. It stays open and starts as soon as it has { $min } (or when you send START in a GM block).
seat-busy-subject = Many unconfirmed sign-ups for { $title }
seat-busy =
    { $title } ({ $game }) has { $count } sign-ups waiting for their CONFIRM,
    the most it takes at once (signup.unconfirmed in its setup): the judge
    refuses further JOINs until some are confirmed or lapse (after { $hours }
    hours). So many usually means JOINs with forged senders; they hold no
    seat. STATUS in a GM block shows how many JOINs were refused; DENY
    UNCONFIRMED in a GM block clears every sign-up still waiting for its code.
seat-ask-join-subject = Sign-up { $id } waits for you
seat-ask-join =
    { $name } <{ $email }> confirmed a sign-up for { $title } ({ $game }). Answer
    with a GM block holding APPROVE { $id } or DENY { $id }.
seat-ask-takeover-subject = Takeover { $id } waits for you
seat-ask-takeover =
    { $name } <{ $email }> asks for the open position { $seat } in { $title }
    ({ $game }). Answer with a GM block holding APPROVE { $id } or DENY { $id }.
seat-ask-absence-subject = Absence { $id } waits for you
seat-ask-absence =
    { $name } ({ $seat }) will be away from { $from } to { $to }, { $why ->
        [slots] but has used all the absences a player has without you
       *[other] longer than a player may be away without you
    }. Answer with a GM block holding APPROVE { $id } or DENY { $id }.
seat-denied-join-subject = Your sign-up was not accepted
seat-denied-join = The GM of { $title } ({ $game }) did not accept your sign-up.
seat-denied-takeover-subject = Your request for { $seat } was not accepted
seat-denied-takeover = The GM of { $title } ({ $game }) did not hand you the position { $seat }.
seat-denied-absence-subject = Your absence was not approved
seat-denied-absence = The GM of { $title } ({ $game }) did not approve your absence from { $from } to { $to }: the deadlines stand, and phases without your orders count as missed.
seat-absence-granted-subject = Absence noted: { $from } – { $to }
seat-absence-granted = You are away from { $from } to { $to } in { $title } ({ $game }). { $effect ->
    [extend] A deadline that falls in your absence moves to its end, for everybody (within the game's limit).
   *[other] The deadlines stand; your standing orders (where the game has them) apply, and no missed phase is counted.
}
seat-absence-subject = { $playerName } away: { $from } – { $to }
seat-absence = { $playerName } ({ $player }) is away from { $from } to { $to } in { $title } ({ $game }).
seat-absence-moved-subject = New deadline: { $playerName } is away
seat-absence-moved =
    { $playerName } is away from { $from } to { $to }, so the deadline of { $title }
    ({ $game }) moves to { $deadline }.
seat-takeover-moved-subject = New deadline: a new player for { $seat }
seat-takeover-moved =
    A new player takes over the position { $seat } in { $title } ({ $game }), so
    that he can order, the deadline moves to { $deadline }.
seat-takeover-gone-subject = The position { $seat } is no longer open
seat-takeover-gone = The position { $seat } in { $title } ({ $game }) is no longer open; your request has ended.
seat-digest-subject = { $count ->
    [one] One request waits for you
   *[other] { $count } requests wait for you
}
seat-digest = In { $title } ({ $game }) these wait for your answer (APPROVE <number> or DENY <number> in a GM block):

## One request waiting for the GM (the digest, STATUS, judge status)
seat-line-join = #{ $id } sign-up: { $name } <{ $email }>
seat-line-takeover = #{ $id } takeover of { $seat }: { $name } <{ $email }>
seat-line-absence = #{ $id } absence of { $seat }: { $from } – { $to } ({ $why ->
    [slots] no absences left
   *[other] longer than allowed
})

## The GM's view of the seats (STATUS by mail, judge status, the GM's web page)
seat-status-signup = sign-up: { $count } of { $seats } seats taken ({ $players }), { $gm } held while you decide, { $waiting } on the waiting list; { $unconfirmed } not confirmed yet (holding no seat){ $refused ->
    [0] {""}
    [one] , one JOIN refused (more than { $max } unconfirmed at once)
   *[other] , { $refused } JOINs refused (more than { $max } unconfirmed at once)
}; starts when full{ $closes ->
    [none] {""}
   *[other] {""} or at { $closes } with { $min } at least
}
seat-status-approval = waits for you: { $line }
seat-status-open = open positions: { $list }
seat-status-absent = away: { $list }

## Lines of a player's block and of the GM's
seat-absence-asked = over your limits: the GM decides (request { $id }); you hear from the judge
seat-absence-done = absence noted{ $deadline ->
    [none] {""}
   *[other] ; the deadline moves to { $deadline }
}
seat-withdrawn = your seat is given up; you are out of { $game }
seat-not-started = { $count ->
    [one] The order line was
   *[other] The { $count } order lines were
} not taken: the game has not started; orders are taken once it has, and the start mail says until when.
seat-gm-started = started: every player gets the start mail
seat-gm-approved = request { $id } approved
seat-gm-denied = request { $id } denied; the one who asked is told
seat-gm-cleared = { $count ->
    [0] no sign-up was waiting for its code
    [one] { $count } sign-up waiting for its code cleared (its address is not mailed)
   *[other] { $count } sign-ups waiting for their code cleared (their addresses are not mailed)
  }

## LIST: the first deadline of a game open for sign-up
seat-list-no-deadline = no fixed deadlines (the GM processes each phase)
seat-list-after-start = { $hours } h after the start
seat-list-if-now = { $deadline } if it started now
seat-list-heading = Open for sign-up — a mail whose first line is JOIN <game> <your name> signs you up (where the seats are named: JOIN <game> <seat> [your name]):
seat-list-game = { $id } — { $title } ({ $kind }, { $lang }): { $free } of { $seats } { $seats ->
    [one] seat
   *[other] seats
} free{ $waitlist ->
    [yes] , a waiting list
   *[no] {""}
}
seat-list-named = seats free: { $list }
seat-list-deadline = first deadline: { $deadline }
seat-list-closes = sign-up closes: { $closes }
seat-list-open-heading = Open positions — a mail whose first line is TAKEOVER <game> <position> [your name] asks for one:
