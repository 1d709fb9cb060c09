# Why a mail or a block was not accepted (src/mail/inbound/reasons.ts), and the answers to
# commands in a block (src/mail/inbound/commands.ts). reason-* is the reply's text,
# reason-short-* the few words of its subject line.

reason-game-line = první řádek bloku je HRA <hra> <hráč> <heslo>: chybí id hráče
reason-unknown-game = hra „{ $game }“ u tohoto sudího není{ $hint }
reason-game-over = hra „{ $game }“ skončila
reason-unknown-player = hra „{ $game }“ takového hráče nemá, nebo je heslo špatné
reason-inactive-player = hráč „{ $player }“ už ve hře „{ $game }“ nehraje
reason-no-password = chybí heslo: HRA <hra> <hráč> <heslo>
reason-wrong-password = hra „{ $game }“ takového hráče nemá, nebo je heslo špatné
reason-sender-auth = odesílatele nelze ověřit ({ $cause ->
        [dkim] tato hra vyžaduje platný podpis DKIM domény vašeho e-mailu
        [dmarc] tato hra vyžaduje, aby váš e-mail prošel kontrolou DMARC
       *[other] ověření vašeho e-mailu se nepodařilo zkontrolovat
    })
reason-gm-deciding = termín hry „{ $game }“ uplynul a GM právě rozhoduje toto kolo; rozkazy na další kolo se přijímají po rozeslání zprávy
reason-no-phase = hra „{ $game }“ teď nepřijímá rozkazy
reason-gm-none = hra „{ $game }“ nepřijímá příkazy GM e-mailem (v nastavení chybí heslo GM)
reason-gm-sender = příkazy GM pro „{ $game }“ musí přijít z adresy GM
reason-gm-password = špatné heslo GM hry „{ $game }“
reason-no-block = žádný blok rozkazů (řádek „HRA <hra> <hráč> <heslo>“ … řádek „KONEC“)
reason-too-large = dopis je příliš velký ({ $size } bajtů; limit je { $limit }): pošlete rozkazy znovu bez přílohy, jako prostý text
reason-unreadable = sudí tento dopis nedokáže přečíst: je to zpráva { $type }, jejíž části nejde najít (jejich hranice „{ $boundary }“ se v ní nevyskytuje); pošlete rozkazy znovu jako prostý text
reason-locked = příliš mnoho špatných hesel z vaší adresy: { $scope ->
        [sender] její bloky
       *[seat] její bloky pro tuto pozici
    } se nekontrolují do { $until }
reason-slowed = heslo je špatně, už { $count }× za sebou z vaší adresy: s dalším pokusem počkejte do { $until } (dřívější pokus se nepočítá). Pokud jste je neposlali vy, zkouší někdo hesla pod vaší adresou; odpovědi chodí jen na vaši adresu a správné heslo se vezme vždy
reason-too-many-blocks = příliš mnoho bloků v jednom dopise ({ $count }; sudí čte prvních { $limit }): ostatní pošlete dalším dopisem
reason-reset-password = blok s OBNOVIT potřebuje i nové heslo: řádek HESLO <nové heslo> (aspoň 4 znaky)
reason-unparsable = sudí tento dopis nedokáže přečíst (jeho stavba je složitější, než sudí čte); pošlete rozkazy znovu jako prostý text
reason-undecodable = sudí tento dopis nedokáže přečíst: text obsahuje znaky, které nejde dekódovat v žádné znakové sadě (sada, kterou uvedl váš poštovní program, k textu nesedí); pošlete rozkazy znovu, nejlépe s programem nastaveným na UTF-8
reason-hint-no-games = ; dopis, jehož první řádek je { $list }, dostane seznam her
reason-hint-games = ; vaše hry tady: { $games }
reason-no-boundary = sudí tento dopis nedokáže přečíst: je to zpráva { $type } bez udané hranice částí, takže části nejde najít; pošlete rozkazy znovu jako prostý text

reason-short-game-line = chybný řádek { $keyword }
reason-short-unknown-game = hra „{ $game }“ neexistuje
reason-short-game-over = hra skončila
reason-short-unknown-player = špatný hráč nebo heslo
reason-short-inactive-player = hráč „{ $player }“ už nehraje
reason-short-no-password = chybí heslo
reason-short-wrong-password = špatný hráč nebo heslo
reason-short-locked = příliš mnoho špatných hesel
reason-short-slowed = špatné heslo, počkejte do { $until }
reason-short-too-many-blocks = příliš mnoho bloků
reason-short-reset-password = chybí nové heslo
reason-short-unparsable = dopis nelze přečíst
reason-short-sender-auth = odesílatel neověřen
reason-short-no-phase = kolo není otevřené
reason-short-gm-deciding = GM rozhoduje
reason-short-gm-none = příkazy GM e-mailem nejsou
reason-short-gm-sender = není z adresy GM
reason-short-gm-password = špatné heslo GM
reason-short-no-block = žádný blok rozkazů
reason-short-too-large = dopis je příliš velký
reason-short-unreadable = dopis nelze přečíst
reason-short-undecodable = text nelze přečíst

command-resend = poslední zpráva vám přijde znovu
command-no-report = zatím není žádná zpráva
command-final = rozkazy označeny jako konečné
command-password = heslo změněno (od teď platí nové)
command-password-needed = HESLO vyžaduje vaše současné heslo na řádku HRA
command-weak-password = heslo má aspoň 4 znaky
command-bad-address = to není e-mailová adresa
command-address-judge = nezměněno: to je adresa samotného sudího, který vlastní poštu nečte; uveďte svou adresu
command-address-robot = nezměněno: to je automatická adresa (MAILER-DAEMON, postmaster, no-reply, bounces …), kterou nikdo nečte; uveďte svou adresu
command-address-list = nezměněno: to je adresa e-mailové konference, a vaše zprávy jsou jen pro vás; uveďte svou adresu
command-address-seat = nezměněno: tuto adresu má jiná pozice v této hře; uveďte svou adresu
command-address-done = adresa změněna na
command-address-ask = zatím ne: evidovaná adresa to musí potvrdit řádkem POTVRDIT <kód> v bloku; kód odešel na
command-confirm-from = POTVRDIT musí přijít z evidované adresy
command-confirm-bad = na tento kód nečeká žádná změna adresy
command-confirm-locked = příliš mnoho špatných kódů: žádný kód se nebere do { $until }
command-no-orders = pro toto kolo zatím žádné rozkazy
command-current = vaše platné rozkazy
command-format-text = od teď vám chodí jen prostý text
command-format-html = od teď vám chodí text i HTML s obrázky
command-format-bad = FORMÁT bere TEXT nebo HTML
command-forecast-on = od teď potvrzení rozkazů obsahují předpověď, co vaše rozkazy udělají
command-forecast-off = od teď potvrzení rozkazů předpověď neobsahují
command-forecast-bad = PŘEDPOVĚĎ bere ZAP nebo VYP
command-help = jak psát rozkazy v této hře vám přijde v samostatném dopise
