# The judge's common mails in Czech: every phrase that agrees with a player's
# grammatical gender ($gender: f | m) or with a number (plural forms by the CLDR
# rules: one 1; few 2–4; other 0, 5…). The templates use them as
# {{t "id" name=value …}}; a game kind may override any of them in
# templates/<kind>/cs/*.ftl, a GM in a JUDGE_TEMPLATES copy. The GM's own gender
# is unknown: no message here agrees with it.

## Acknowledgements (ack.hbs)

# Subject: how many lines were refused / could not be decoded.
ack-errors = { $count ->
    [one] { $count } nepřijatý řádek
    [few] { $count } nepřijaté řádky
   *[other] { $count } nepřijatých řádků
}
ack-mangled = { $count ->
    [one] { $count } nečitelný řádek
    [few] { $count } nečitelné řádky
   *[other] { $count } nečitelných řádků
}
# The "Player:" label of the heading, colon included.
ack-player = { $gender ->
    [f] Hráčka:
   *[m] Hráč:
}
ack-replaced = Tyto rozkazy NAHRAZUJÍ rozkazy, které jste pro toto kolo { $gender ->
    [f] poslala
   *[m] poslal
} dříve

## Answers to unreadable mail, help and list (error.hbs, help.hbs, list.hbs)

# "This is the last of the N replies your address gets today" (z + genitive).
reply-budget-last = Toto je poslední z { $limit ->
    [one] { $limit } odpovědi
   *[other] { $limit } odpovědí
}
# A game's state in LIST (the games' status codes).
list-status = { $status ->
        [paused] pozastavena
        [signup] přihlášky
        [over] skončila
       *[active] běží
    }
list-players = { $count ->
    [one] { $count } hráč
    [few] { $count } hráči
   *[other] { $count } hráčů
}

## Missed turns (notice-abandoned.hbs)

# "for N turns in a row" (accusative of duration).
missed-phases = { $missed } { $missed ->
    [one] kolo
    [few] kola
   *[other] kol
} za sebou
abandoned-subject = Pozice { $player }: bez rozkazů { missed-phases }
abandoned-gm = { $name } ({ $player }, { $email }) { $gender ->
    [f] neposlala
   *[m] neposlal
} rozkazy { missed-phases } ve hře { $title } ({ $game }).
abandoned-gm-back = Rozkazy, které { $gender ->
    [f] hráčka
   *[m] hráč
} pošle předtím, pozici vracejí do hry.
abandoned-player = Od vás nepřišly rozkazy { missed-phases } ve hře { $title } ({ $game }), a GM proto může vaši pozici předat jinému hráči.

## A player removed by the GM (notice-ejected.hbs)

ejected-subject = { $player } { $gender ->
    [f] byla vyřazena
   *[m] byl vyřazen
} ze hry
ejected-body = { $gender ->
    [f] Hráčka { $name } ({ $player }) byla vyřazena
   *[m] Hráč { $name } ({ $player }) byl vyřazen
} ze hry { $title } ({ $game }).

## A position handed over (notice-replaced.hbs)

replaced-password = Sudí { $gender ->
    [f] jí
   *[m] mu
} poslal heslo a pozici tak, jak stojí.

## A new address to confirm (notice-confirm-address.hbs)

confirm-if-you = Pokud jste to { $gender ->
    [f] byla
   *[m] byl
} vy, pošlete z TÉTO adresy blok s řádkem

## Wrong passwords (notice-locked.hbs, to the GM)

wrong-passwords = { $count ->
    [one] { $count } chybné heslo
    [few] { $count } chybná hesla
   *[other] { $count } chybných hesel
}
# "in N hours" (za + accusative).
in-hours = za { $hours } { $hours ->
    [one] hodinu
    [few] hodiny
   *[other] hodin
}
# Zrušené kódy pro nové heslo (notice-reset-voided.hbs): „po N chybných kódech“ (po + lokál).
after-wrong-codes = po { $count } { $count ->
    [one] chybném kódu
   *[other] chybných kódech
}

# Předpověď v potvrzení rozkazů (issue #33; Rules.forecast, src/mail/inbound/forecast.ts).
ack-forecast-title = PŘEDPOVĚĎ (ne výsledek): co by tyto rozkazy udělaly
ack-forecast-assumption = Za předpokladu, že ostatní hráči stojí (nepošlou rozkazy) a nepadne žádná kostka (místo kostek jsou uvedeny šance). Co se stane doopravdy, rozhodnou rozkazy ostatních a kostky.
ack-forecast-switch = Řádek PŘEDPOVĚĎ VYP v bloku předpověď vypne (PŘEDPOVĚĎ ZAP ji zapne).
# Potvrzení, jehož rozkazy mění pozdější e-mail téhož běhu (src/mail/inbound/forecast-release.ts).
ack-forecast-later = Zde není: váš pozdější e-mail „{ $subject }“ tyto rozkazy znovu mění a předpověď rozkazů, jak potom platí, najdete v odpovědi na něj.
ack-forecast-later-untitled = Zde není: váš pozdější e-mail (bez předmětu) tyto rozkazy znovu mění a předpověď rozkazů, jak potom platí, najdete v odpovědi na něj.
ack-forecast-gone = Není: fáze byla vyhodnocena dřív, než tato odpověď odešla; co vaše rozkazy udělaly, říká její zpráva.
## A new deadline: the GM's list of reminders it leaves without their time (notice-deadline.hbs)

hours-before-deadline = { $hours } { $hours ->
    [one] hodinu
    [few] hodiny
    [many] hodiny
   *[other] hodin
} před uzávěrkou

## The judge not run for a while (notice-judge-down.hbs, to the GM)

# "N hours" as a length of time (accusative: neběžel 1 hodinu, 2 hodiny, 5 hodin).
hours-span = { $hours } { $hours ->
    [one] hodinu
    [few] hodiny
   *[other] hodin
}

## The start of a position (start.hbs, start-gm.hbs; the kinds' report.hbs with start)

start-help-heading = == JAK PSÁT ROZKAZY ==
start-position = Vaše pozice na začátku; rozkazy se nyní píší na: { $label }.
start-position-gm = Pozice na začátku (všechno); rozkazy se nyní píší na: { $label }.
# The subject of the position without the start mail's own part (RESEND before the first turn)
start-subject = [{ $game }] { $title }: vaše pozice { $player }
start-subject-gm = [{ $game }] { $title }: pozice na začátku

## The result in a final mail (the kinds' public.hbs and report.hbs with final): the game is over, nothing is due

final-after = Konečný stav po fázi: { $label }.
final-start = Konečný stav: žádná fáze nebyla vyhodnocena.
