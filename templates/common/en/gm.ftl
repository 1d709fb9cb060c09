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
