# FanDi: every reason and result a player reads, in Czech (Fluent syntax, projectfluent.org).
# Codes are stable (rule cases and tests name them). $unit is a unit's name, $gender its
# grammatical gender (m, f, n); numbers choose plural forms (one, few, other).

## Parse errors

unknown-order = nerozumím tomuto příkazu
bad-square = pole { $at } není na mapě
unknown-unit = neznámý druh jednotky „{ $word }“
unknown-player = neznámý hráč „{ $word }“
ambiguous-player = „{ $word }“ může být { $list }: napište jméno boha celé
extra-words = nadbytečná slova: { $words }
missing-amount = chybí částka (číslo nebo „zbytek“)
bad-amount = částka musí být kladné celé číslo
missing-city = chybí město (pole, např. B4)
missing-city-which = chybí město: máte jich víc ({ $list }), napište které, např. „{ $example }“
missing-path = chybí cesta (alespoň dvě pole, např. B4 B6)
missing-player = chybí hráč, kterému se předává
missing-target = chybí, do čeho investovat (hradby, věda, technika, hodnota, hotovost)
missing-unit = chybí druh jednotky
not-a-city = na poli { $at } není město
not-your-city = město { $at } vám nepatří
neutral-target = město { $at } je neutrální
same-city = cíl je totéž město
no-units = na poli { $at } nemáte takové jednotky
not-enough-units = na poli { $at } máte k dispozici jen { $have }
unit-unknown = jednotka #{ $id } neexistuje nebo není vaše
unit-elsewhere = jednotka #{ $id } stojí na { $at }, ne na { $from }
unit-twice = jednotka #{ $id } už má příkaz k přesunu
path-step = { $from }→{ $to } není krok na sousední pole
path-rock = pole { $at } je neprůchodné (#)
path-stop = na cizím městě { $at } se musí zastavit
path-blocked = z { $from } na { $to } nevede žádná povolená cesta
too-far = délka cesty { $steps }, jednotky ujdou nejvýš { $move }
science-needed = { $unit } vyžaduje vědu { $need } (máte { $have })
science-max = věda už je na stupni 2
tech-max = obchod už je rozvinutý
walls-max = hradby už jsou na stupni 2
extra-too-much = navíc lze vzít nejvýš { $max } xc
duplicate = tento příkaz už pro { $at } byl zadán
spy-none = ve městě { $at } není připravený špión
spy-not-neighbour = { $target } není sousední město { $at } (sousední: { $list })
spy-own = { $target } je vaše vlastní město
coat-self = nelze předat sám sobě
coat-out = hráč { $player } už ve hře není
after-rest = příkaz „{ $first }“ už dává do { $at } všechno, co zbude: tento by nedostal nic (napište ho dřív)
city-coat-busy = město { $at } tento tah mění kabát: žádný jiný příkaz pro něj
out = už nejste ve hře
game-over = hra skončila

## Notes added to an understood order (acknowledgement and report)

stop-note = v cizím městě { $at } se musí zastavit: dál ({ $rest }) nepůjde
warn-coat-fight = POZOR: na { $at } zůstanou vaše další jednotky; darované jednotky jsou jiná strana a budou s nimi bojovat („at uz jsou spojenci, ci ne“)
warn-coat-city = POZOR: ve vašem městě { $at } pak zůstanou jen jednotky hráče { $to } a město obsadí
repeated = opakováno z minulého tahu (rozkazy nepřišly)

## Adjudication results

moved = přesunuto na { $to }
moved-stopped = přesunuto na { $to }; v cizím městě se jednotky zastavily (zbytek cesty { $rest } propadl)
built = postaveno { $count }× { $unit } za { $amount } xc
built-part = na { $want }× nestačily peníze: postaveno { $count }× za { $amount } xc
invested = investováno { $amount } xc
invested-part = nestačily peníze: investováno jen { $amount } xc z { $want }
no-money = nezbyly žádné peníze
cash-kept = zbytek zůstává v hotovosti
cash-set-aside = { $amount } xc odloženo do hotovosti
cash-part = nestačily peníze: do hotovosti odloženo jen { $amount } xc z { $want }
extra-taken = vzato navíc { $amount } xc, hodnota klesla na { $value }
spy-built = vytvořeno špiónů: { $count } za { $amount } xc
spy-sent = špión vyslán do { $target }
messenger-sent = posel vyslán do { $target } s { $amount } xc (cena { $cost } xc)
messenger-part = posel vyslán do { $target } jen s { $amount } xc z { $want } (cena { $cost } xc)
messenger-yield = posel nese jen peníze z výnosu tohoto tahu: vyslán do { $target } s { $amount } xc z { $want } (cena { $cost } xc)
messenger-no-yield = posel nese jen peníze z výnosu a z výnosu tohoto tahu nic nezbylo
given = předáno hráči { $to }
attack-set = domácí { $units } tento tah útočí
owner-changed = město { $at } tento tah změnilo majitele: příkaz neplatí
city-not-yours-now = město { $at } už vám nepatří
units-gone = jednotky už neexistují
units-part = předáno jen { $count } z { $want }

## Report lines

destroyed = { $unit } #{ $id } { $gender ->
    [f] zničena
    [n] zničeno
   *[m] zničen
  }
player-out = { $who } nemá město ani jednotky a vypadává ze hry.
nmr = Vaše rozkazy na tento tah nepřišly. { $count ->
    [0] Nic se neopakuje: jednotky stojí, města platí žold a zbytek jde do hotovosti.
    [one] Opakuje se { $count } investice z minulého tahu (nikdy stavby, přesuny, kabáty, špióni ani poslové).
    [few] Opakují se { $count } investice z minulého tahu (nikdy stavby, přesuny, kabáty, špióni ani poslové).
   *[other] Opakuje se { $count } investic z minulého tahu (nikdy stavby, přesuny, kabáty, špióni ani poslové).
  }
