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
