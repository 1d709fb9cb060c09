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

# The answers to HOLD, RELEASE, WORKSHEET, PREVIEW and the open-decision summary (src/engine/gm-loop.ts).
gm-control-hold = pozdrženo: kolo čeká na RELEASE (nebo termín GM)
gm-control-release = uvolněno: kolo se vyhodnotí při příštím běhu
gm-control-release-missing = nelze uvolnit: bez odpovědi a bez výchozí hodnoty je
gm-control-worksheet = pracovní list přijde znovu
gm-control-preview = náhled vyhodnocení je na cestě (hráči nic nedostanou)
gm-control-not-open = hráči ještě posílají rozkazy; kolo zatím na GM nečeká
gm-control-processed = kolo je vyhodnocené; opravit jde přes `judge rerun --gm`
gm-control-still = stále otevřeno
gm-control-must-answer = bez výchozí hodnoty (nutno odpovědět)
gm-control-with-default = s výchozí hodnotou (platí, když nic neřeknete)
gm-control-all-in = všechna rozhodnutí jsou zadána

# The answers to EXTEND <duration> (src/mail/inbound/gm-extend.ts); $days is the most a game takes (365).
gm-extend-usage = použití: EXTEND <doba>, např. EXTEND 24h
gm-extend-form = „{ $text }“ není doba (např. 24h, 2d, 1h30m)
gm-extend-zero = „{ $text }“ není kladná doba
gm-extend-long = „{ $text }“ je delší než { $days ->
    [one] { $days } den
    [few] { $days } dny
   *[other] { $days } dní
}, víc hra nepoužije
gm-extend-past = uzávěrka nezměněna: nová uzávěrka { $deadline } už uplynula (teď je { $now }); prodlužte o víc
gm-extend-far = uzávěrka nezměněna: nová uzávěrka { $deadline } je víc než { $days ->
    [one] { $days } den
    [few] { $days } dny
   *[other] { $days } dní
} dopředu
gm-extend-done = nová uzávěrka { $deadline }
