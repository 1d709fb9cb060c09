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

# The answers to the GM's commands that run the game (src/mail/inbound/gm-mail.ts).
gm-cmd-unknown = neznámý příkaz vedoucího hry „{ $word }“ (STATUS, PROCESS, EXTEND <doba>, PAUSE, RESUME, RESEND <hráč> [fáze], ORDERS <hráč>, REPLACE <hráč> <adresa> [jméno], EJECT <hráč>, UNLOCK <hráč nebo adresa>, RERUN <fáze> [<hráč> a jeho rozkazy na dalších řádcích, až po řádek ---], END, DECIDE <id> <hodnota>, NARRATIVE <cíl> <text>, BULLETIN <text>, ROLL <kostky> [popis], HOLD, RELEASE, WORKSHEET, PREVIEW, APPROVE <číslo>, DENY <číslo> | NEPOTVRZENÉ, START)
# How to write a GM command whose arguments are wrong, keyed on the command (gm-mail.ts, gm-seats.ts).
gm-cmd-usage = pište takto: { $cmd ->
        [extend] PRODLOUŽIT <24h | 30m | 2d>
        [resend] ZNOVU <hráč> [fáze]
        [orders] ROZKAZY <hráč>
        [replace] PŘEDAT <hráč> <nová adresa> [jméno]
        [eject] VYŘADIT <hráč>
        [unlock] ODBLOKOVAT <hráč> | ODBLOKOVAT <adresa>
        [rerun] PŘEPOČÍTAT <fáze> [<hráč>]
        [end] KONEC HRY
        [approve] SCHVÁLIT <číslo>
        [deny] ZAMÍTNOUT <číslo> | ZAMÍTNOUT NEPOTVRZENÉ
       *[start] ZAHÁJIT
    }
gm-cmd-processing = vyhodnotí se, jakmile bude tento dopis uložen; zprávy budou následovat (a dopis, pokud se to nepovede)
gm-cmd-processed = fáze { $phase } vyhodnocena; otevřena je fáze { $next }
gm-cmd-deadline = nová uzávěrka: { $deadline }
gm-cmd-paused = pozastaveno: žádná uzávěrka neběží, hráči to vědí
gm-cmd-resumed = pokračuje se
gm-cmd-resumed-deadline = pokračuje se; uzávěrka: { $deadline }
gm-cmd-queued = zpráva je na cestě
gm-cmd-no-orders = zatím žádné rozkazy
gm-cmd-replaced = { $player } nyní hraje adresa { $email }; sudí poslal novému hráči heslo a pozici, jak stojí, a dal vědět předchozímu
gm-cmd-ejected = { $player } je mimo hru: žádné rozkazy se už nepřijímají, žádné zprávy se neposílají
gm-cmd-unlocked = { $who }: { $count ->
    [one] { $count } špatné heslo se už nepočítá
    [few] { $count } špatná hesla se už nepočítají
   *[other] { $count } špatných hesel se už nepočítá
}; odblokováno
gm-cmd-rerunning = fáze { $phase } a všechny pozdější se vyhodnotí znovu, jakmile bude tento dopis uložen; každý hráč dostane opravené zprávy (a vy dopis, pokud se to nepovede)
gm-cmd-ended = hra skončila: každý hráč i vy dostanete závěrečný dopis s výsledkem
gm-cmd-failed-subject = [{ $game }] { $command } se nepovedl
gm-cmd-failed-body = Váš příkaz { $command } poštou pro hru { $title } ({ $game }) se nepovedl: { $reason }
gm-cmd-rerun-done-subject = [{ $game }] RERUN { $phase } hotov
gm-cmd-rerun-done = fáze { $phase }: { $same ->
    [yes] stav beze změny
   *[no] stav ZMĚNĚN
}
gm-status-state = { $status ->
    [signup] přihlašování
    [active] běží
    [paused] pozastavena
   *[over] skončila
}
gm-status-phase = fáze { $phase } ({ $label }); uzávěrka: { $deadline }
gm-status-no-deadline = žádná
gm-status-waiting = čeká na vedoucího hry od { $since }; uzávěrka vedoucího: { $deadline }
gm-status-hold = POZDRŽENO (HOLD)
gm-status-released = UVOLNĚNO (RELEASE)
gm-status-open = otevřená rozhodnutí: { $list }
gm-status-in = rozkazy poslali: { $list }
gm-status-missing = rozkazy chybí: { $list }
gm-status-nmr = { $count } vynechaných za sebou
gm-err-no-player = hráč „{ $player }“ neexistuje
gm-err-rerun-attachment = příloh je { $count }: pojmenujte tu s rozkazy hráče „{ $player }“ po něm ({ $player }.txt), nebo napište rozkazy na řádky za PŘEPOČÍTAT až po řádek ---
gm-err-no-phase = žádná fáze není otevřená
gm-err-no-such-phase = fáze { $phase } neexistuje
gm-err-not-active-paused = hra je pozastavena
gm-err-not-active-over = hra skončila
gm-err-not-active-signup = hra ještě nezačala (přihlašování)
gm-err-not-paused = hra není pozastavena
gm-err-over = hra už skončila
gm-err-not-processed = fáze { $phase } není vyhodnocena
gm-err-no-gm = hra nemá adresu vedoucího
gm-err-address = „{ $email }“ není e-mailová adresa
gm-err-duration = „{ $text }“ není doba (24h, 30m, 2d)
gm-err-bad-name = jméno obsahuje znak, který obrací směr psaní (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C)
gm-err-waits = fáze { $phase } čeká na vaše rozhodnutí: { $list }
gm-err-lines = { $lines }
gm-err-internal = sudí narazil na vlastní chybu (je zapsaná v jeho protokolu)
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

## Pracovní list GM vyžádaný před termínem hráčů nebo pro vyhodnocenou fázi (worksheet.hbs)

worksheet-ordering = Hráči hry { $title } ({ $game }) ještě píší rozkazy na: { $label }{ $deadline ->
    [none] {""}
   *[other] {" "}(do { $deadline })
}.
    Tento pracovní list ukazuje, co je zatím ohlášeno; o rozhodnutí budete
    požádáni po jejich termínu.
worksheet-processed = Hra { $title } ({ $game }), { $label }: už vyhodnoceno. Toto je pracovní list, jak byl rozhodnut.
