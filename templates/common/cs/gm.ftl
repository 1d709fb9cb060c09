# What the judge answers a GM's block (src/engine/gm-inputs.ts), for every kind: the same ids in en, cs and ru.
# $name is a parameter.

gm-echo-usage = použití: DECIDE <id> <hodnota> | NARRATIVE <cíl> <text> | BULLETIN <text> | ROLL <kostky> [popis] | HOLD | RELEASE | WORKSHEET | PREVIEW
gm-echo-unknown-decision = toto kolo nežádá rozhodnutí „{ $id }“
gm-echo-unknown-target = žádná akce ani výsledek „{ $id }“ pro vyprávění
gm-echo-decided = rozhodnuto: { $ask } = { $value }
gm-echo-cleared = odpověď vzata zpět; platí výchozí: { $value }
gm-echo-none = žádná (nutno odpovědět)
gm-echo-narrative = vyprávění k { $id } zaznamenáno
gm-echo-narrative-cleared = vyprávění k { $id } odstraněno
gm-echo-bulletin = zprávy zaznamenány (dostane je každý hráč)
gm-echo-bulletin-cleared = zprávy odstraněny
gm-echo-rolled = skrytý hod (vidíte ho jen vy)
gm-echo-not-a-roll = "{ $spec }": není hod kostkou (4dF, 3d6+2, gauss20, 5dS …)
