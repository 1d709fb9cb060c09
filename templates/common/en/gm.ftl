# What the judge answers a GM's block (src/engine/gm-inputs.ts), for every kind: the same ids in en, cs and ru.
# $name is a parameter.

gm-echo-usage = usage: DECIDE <id> <value> | NARRATIVE <target> <text> | BULLETIN <text> | ROLL <dice> [label] | HOLD | RELEASE | WORKSHEET | PREVIEW
gm-echo-unknown-decision = this phase asks no decision "{ $id }"
gm-echo-unknown-target = no action or outcome "{ $id }" to attach narrative to
gm-echo-decided = decided: { $ask } = { $value }
gm-echo-cleared = answer taken back; the default applies: { $value }
gm-echo-none = none (must be answered)
gm-echo-narrative = narrative for { $id } recorded
gm-echo-narrative-cleared = narrative for { $id } removed
gm-echo-bulletin = bulletin recorded (every player gets it)
gm-echo-bulletin-cleared = bulletin removed
gm-echo-rolled = hidden roll (only you see it)
gm-echo-not-a-roll = "{ $spec }": not a dice roll (4dF, 3d6+2, gauss20, 5dS …)

# The answers to HOLD, RELEASE, WORKSHEET, PREVIEW and the open-decision summary (src/engine/gm-loop.ts).
gm-control-hold = held: the phase waits for RELEASE (or the GM deadline)
gm-control-release = released: the phase is processed at the next run
gm-control-release-missing = cannot release: no answer and no default for
gm-control-worksheet = the worksheet is sent again
gm-control-preview = a preview of the resolution is on its way (nothing goes to the players)
gm-control-not-open = the players are still ordering; this phase does not wait for the GM yet
gm-control-processed = this phase is processed; use `judge rerun --gm` to correct it
gm-control-still = still open
gm-control-must-answer = without a default (you must answer)
gm-control-with-default = with a default (taken if you say nothing)
gm-control-all-in = every decision is in

# The answers to the GM's commands that run the game (src/mail/inbound/gm-mail.ts).
gm-cmd-unknown = unknown GM command "{ $word }" (STATUS, PROCESS, EXTEND <duration>, PAUSE, RESUME, RESEND <player> [phase], ORDERS <player>, REPLACE <player> <address> [name], EJECT <player>, UNLOCK <player or address>, RERUN <phase> [<player> and his orders on the next lines, up to a line ---], END, DECIDE <id> <value>, NARRATIVE <target> <text>, BULLETIN <text>, ROLL <dice> [label], HOLD, RELEASE, WORKSHEET, PREVIEW, APPROVE <number>, DENY <number> | UNCONFIRMED, START)
# How to write a GM command whose arguments are wrong, keyed on the command (gm-mail.ts, gm-seats.ts).
gm-cmd-usage = write it so: { $cmd ->
        [extend] EXTEND <24h | 30m | 2d>
        [resend] RESEND <player> [phase]
        [orders] ORDERS <player>
        [replace] REPLACE <player> <new address> [name]
        [eject] EJECT <player>
        [unlock] UNLOCK <player> | UNLOCK <address>
        [rerun] RERUN <phase> [<player>]
        [end] END GAME
        [approve] APPROVE <number>
        [deny] DENY <number> | DENY UNCONFIRMED
       *[start] START
    }
gm-cmd-processing = processed as soon as this mail is stored; the reports follow (and a mail if it fails)
gm-cmd-processed = phase { $phase } processed; phase { $next } is open
gm-cmd-deadline = new deadline: { $deadline }
gm-cmd-paused = paused: no deadline runs, the players are told
gm-cmd-resumed = resumed
gm-cmd-resumed-deadline = resumed; deadline: { $deadline }
gm-cmd-queued = the report is on its way
gm-cmd-no-orders = no orders yet
gm-cmd-replaced = { $player } is now played from { $email }; the judge mailed the new player the password and the position as it stands, and told the one before
gm-cmd-ejected = { $player } is out of the game: no more orders taken, no more reports sent
gm-cmd-unlocked = { $who }: { $count ->
    [one] { $count } wrong password no longer counts
   *[other] { $count } wrong passwords no longer count
}; unlocked
gm-cmd-rerunning = phase { $phase } and every later one are re-run as soon as this mail is stored; every player gets corrected reports (and you a mail if it fails)
gm-cmd-ended = the game is over: every player and you get the final mail with the result
gm-cmd-failed-subject = [{ $game }] { $command } failed
gm-cmd-failed-body = Your { $command } by mail for { $title } ({ $game }) failed: { $reason }
gm-cmd-rerun-done-subject = [{ $game }] RERUN { $phase } done
gm-cmd-rerun-done = phase { $phase }: { $same ->
    [yes] the same state
   *[no] a CHANGED state
}
gm-status-state = { $status ->
    [signup] open for sign-up
    [active] running
    [paused] paused
   *[over] over
}
gm-status-phase = phase { $phase } ({ $label }); deadline: { $deadline }
gm-status-no-deadline = none
gm-status-waiting = waiting for the GM since { $since }; GM deadline: { $deadline }
gm-status-hold = HOLD
gm-status-released = RELEASED
gm-status-open = open decisions: { $list }
gm-status-in = orders in: { $list }
gm-status-missing = orders missing: { $list }
gm-status-nmr = missed { $count } in a row
gm-err-no-player = there is no player "{ $player }"
gm-err-rerun-attachment = { $count } attachments: name the one with the orders of "{ $player }" after him ({ $player }.txt), or put the orders on the lines after RERUN up to a line ---
gm-err-no-phase = there is no open phase
gm-err-no-such-phase = there is no phase { $phase }
gm-err-not-active-paused = the game is paused
gm-err-not-active-over = the game is over
gm-err-not-active-signup = the game has not started (open for sign-up)
gm-err-not-paused = the game is not paused
gm-err-over = the game is over already
gm-err-not-processed = phase { $phase } is not processed
gm-err-no-gm = the game has no GM address
gm-err-address = "{ $email }" is not an e-mail address
gm-err-duration = "{ $text }" is not a duration (24h, 30m, 2d)
gm-err-bad-name = the name holds a character that turns the writing direction around (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C)
gm-err-waits = phase { $phase } waits for your decisions: { $list }
gm-err-lines = { $lines }
gm-err-internal = the judge met an error of its own (it is written in the judge's log)
# The answers to EXTEND <duration> (src/mail/inbound/gm-extend.ts); $days is the most a game takes (365).
gm-extend-usage = usage: EXTEND <duration>, e.g. EXTEND 24h
gm-extend-form = "{ $text }" is not a duration (e.g. 24h, 2d, 1h30m)
gm-extend-zero = "{ $text }" is not a positive duration
gm-extend-long = "{ $text }" is longer than { $days ->
    [one] { $days } day
   *[other] { $days } days
}, the most a game takes
gm-extend-past = not moved: the new deadline { $deadline } has already passed (now { $now }); extend by more
gm-extend-far = not moved: the new deadline { $deadline } is more than { $days ->
    [one] { $days } day
   *[other] { $days } days
} ahead
gm-extend-done = new deadline { $deadline }

## The GM's worksheet asked for before the players' deadline, or of a processed phase (worksheet.hbs)

worksheet-ordering = The players of { $title } ({ $game }) still write orders for { $label }{ $deadline ->
    [none] {""}
   *[other] {" "}until { $deadline }
}:
    this worksheet shows what is declared so far; the decisions are asked for
    when their deadline passes.
worksheet-processed = { $label } of { $title } ({ $game }) is processed: this is its worksheet as it was decided.
