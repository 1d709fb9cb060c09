# The rpg kind's words in Czech (Fluent syntax, projectfluent.org), for src/games/rpg/*.ts:
# the same message ids as templates/rpg/{en,ru}/rpg.ftl (tests/dice/words.test.ts checks it).
# $name is a parameter; $gender (f | m) is the grammatical gender of the person a phrase is about.

## Answers at once (instant.hbs)

# "Copy for the GM: <rolled> <name>" in an answer given at once.
rolled-by = { $gender ->
    [f] házela
   *[m] házel
}

## Order errors (messages.ts ERR)

error-unknown-order = neznámý rozkaz "{ $w }": pište HOD <kostky> [komentář], např. HOD 3d6+1 plížení; TEST <dovednost> [obtížnost], MEDIÁN <poloměr>, ŠÍLENSTVÍ, HRŮZA, PROTI <postava>, ÚDER <postava> [dovednost], DENÍK{ $sheets }
error-need-sheets = {" "}(TEST, PROTI, ÚDER a DENÍK potřebují deníky postav v nastavení hry)
error-too-many = příliš mnoho hodů: nejvýše { $n } za kolo
error-no-sheet = v této hře nemáte deník postavy; požádejte GM
error-no-skill = dovednost „{ $w }“ není v deníku postavy { $who } (dovednosti: { $list })
error-no-skill-given = jaká dovednost? (dovednosti: { $list })
error-no-character = postava „{ $w }“ neexistuje (postavy: { $list })
error-no-target = proti komu? uveďte postavu (postavy: { $list })
error-self = postava nemůže jednat sama proti sobě
error-no-trial = žádná otevřená zkouška „{ $w }“ (otevřené: { $list })
error-trial-gauss = zkoušky a týmové testy jsou testy kostek úspěchů (004); tato hra hází GaussD20
error-gauss-only = { $w } je boj GaussD20 (001): útočná dovednost musí být GaussD20, ne kostky úspěchů
error-bad-difficulty = „{ $w }“: to není obtížnost ({ $list })
error-no-modifier = „{ $w }“: kostky úspěchů nemají modifikátor; použijte výhodu nebo nevýhodu (004)
error-bad-window = „{ $w }“: medián potřebuje poloměr { $n } nebo okno jako 9-12
error-bad-option = „{ $w }“: { $why }
error-unknown-player = hráč „{ $w }“ neexistuje (hráči: { $list })
error-luck-range = štěstí musí být 1 až 9
error-not-number = je třeba celé číslo
error-duplicate = zadáno dvakrát
error-not-here = neplatí pro { $w }
error-no-value = za dvojtečkou nic není
error-bad-modifier = „{ $w }“: modifikátor je celé číslo se znaménkem, například +2 nebo -1
error-roll-modifier = „{ $w }“: modifikátor pište ke kostkám, například 3d6+2
error-trial-difficulty = „{ $w }“: test do výzvy { $trial } se hází s obtížností výzvy, { $d }; obtížnost vynechte

## Words of reports and echoes (messages.ts W)

word-untrained = necvičený
word-skill = dovednost
word-difficulty = obtížnost
word-pool = kostek
word-window = okno
word-outside = minout střed
word-inside = zásah
word-miss-low = mimo, pod
word-miss-high = mimo, nad
word-out-low = mimo střed, pod: úspěch
word-out-high = mimo střed, nad: úspěch
word-out-inside = ve středu: neúspěch
word-empty = prázdné
word-madness-hit = mysl odolá chaosu
word-madness-high = šílenství nahoru: mysl ovládly pekelné vize (opakovat za 30 s s { $n })
word-madness-low = šílenství dolů: mysl to zvládne, ale draze (bolest hlavy, dezorientace, možná mdloba)
word-horror-hit = zachová klid
word-horror-high = hrůza nahoru: hysterická panika, útěk (opakovat za 30 s s { $n })
word-horror-low = hrůza dolů: omdlí
word-series-end = série končí
word-held = ubráněno
word-hit = zásah
word-attack = útok
word-defence = obrana
word-opposed = proti sobě
word-defender-first = obránce
word-attacker = útočník
word-damage = zranění
word-no-damage = zranění určí GM
word-damage-max = maximální
word-damage-min = minimální
word-helpless = cíl je bezbranný: automatický úspěch
word-auto-hit = bez hodu na obranu: útok uspěl
word-defence-failed = obrana selhala: útok prochází
word-defence-best = nejlepší obrana: útok neprojde
word-attack-failed = útok selhal
word-trial = zkouška
word-progress = postup
word-risk = riziko
word-late-trial = zkouška už skončila: nepočítá se
word-team = týmový test
word-team-of-one = jen jeden účastník: obyčejný test
word-team-different = účastníci uvedli různé obtížnosti: platí nejvyšší
word-hidden-echo = čísla vidí jen GM
word-hidden-roll = hozeno; výsledek má GM
word-waits = hodí se na konci kola
word-now = odpověď ihned
word-copies = kopie pro
word-everyone = všechny
word-trial-success = zvládnuta
word-trial-failure = nezvládnuta
word-trial-done = skončila
word-trial-closed = uzavřena GM
word-trial-open = otevřená
word-none = žádné
word-series = celá série
word-passive = pasivně: jen zbroj
word-advantage = výhoda
word-disadvantage = nevýhoda
word-luck = štěstí
word-trial-difficulty = s obtížností zkoušky
word-gm = GM

## The GM’s adjustments and rolls (gm.ts)

gm-error-unknown = „{ $id }“: taková úprava není. GM může: set:<postava>.<pole> (name, level, luck, intellect, notes, defence, traits, techniques, inventory, skill.<název>, resource.<název>, relation.<kdo>, weapon, armour, madness, horror), trial:<id>, dice:reveal
gm-error-int = „{ $raw }“: je třeba celé číslo
gm-error-luck = „{ $raw }“: štěstí je 1 až 9
gm-error-skill = „{ $raw }“: číslo nebo název úrovně
gm-error-relation = „{ $raw }“: 0..6 nebo název vztahu
gm-error-weapon = „{ $raw }“: „název; skill S; damage 1d8+1; penetration N“
gm-error-armour = „{ $raw }“: „název; bonus N; penalty N“
gm-error-yes = „{ $raw }“: napište ano
gm-error-trial-end = zkouška „{ $id }“ neexistuje
gm-error-trial-exists = zkouška „{ $id }“ už existuje
gm-error-gm-roll = ROLL <postava>: <rozkaz>, např. ROLL skřet: ÚDER alfa

## Trials opened by the GM (trials.ts)

trial-error-field = neznámá část „{ $w }“ (název; postup N; riziko N; obtížnost D; typ …; úspěch …; neúspěch …; trik …)
trial-error-number = { $w } musí být celé číslo od 1
trial-error-difficulty = obtížnost „{ $w }“: 1..6 nebo název úrovně
trial-error-kind = typ „{ $w }“: { $list }
trial-error-needs = zkouška typu { $kind } potřebuje { $what }
trial-error-has = zkouška typu { $kind } nemá { $what }
trial-error-no-name = zkouška potřebuje nejprve název

trial-part-progress = postup
trial-part-risk = riziko
trial-part-difficulty = obtížnost

## Character sheets (sheets.ts)

sheet-level = Úroveň
sheet-luck = Štěstí
sheet-intellect = Intelekt
sheet-skills = Dovednosti
sheet-traits = Rysy
sheet-techniques = Techniky
sheet-resources = Zdroje
sheet-inventory = Inventář
sheet-relations = Vztahy
sheet-weapon = Zbraň
sheet-armour = Zbroj
sheet-defence = Obrana
sheet-notes = Poznámky
sheet-skill = dovednost
sheet-damage = zranění
sheet-penetration = průraznost
sheet-protection = ochrana
sheet-penalty = postih obrany

## Ověření hodů (report.hbs): postup v jazyce hráče, bez instalace sudího

dice-recipe =
    1. Klíče: sha256 (šestnáctkově) pole "key" řádku #dice-key je jeho pole
       "commitment", zveřejněné před kolem (předchozí kolo ho uvádí jako "next").
    2. Text semínka hodu: pro "stream" "phase:L" klíč kola, "/", L; pro
       "master:M" (skryté hody, až bude odhaleno semínko hry S) prvních 32
       šestnáctkových číslic sha256 z "pbem-judge:S:N:M" (N je číslo kola) a
       "/#k", končí-li tak proud; v obou případech potom "/" a pole "request"
       řádku přesně tak, jak je napsané.
    3. Generátor: sha256 textu semínka; jeho prvních 16 bajtů jsou čtyři
       32bitová čísla a, b, c, d (nejnižší bajt první); prvních { $discard } výstupů
       zahoďte; každý výstup je t = a + b + d, pak d = d + 1, a = b ^ (b >>> 9),
       b = c + (c << 3), c = (c cyklicky posunuté doleva o 21) + t, vše modulo 2^32.
    4. Kostka o n stěnách: další výstup menší než 2^32 - (zbytek 2^32 po dělení n),
       jeho zbytek po dělení n, plus 1. Kostky se musí shodovat s polem "draws"
       řádku ([stěn, stěna]) v pořadí; GaussD20 je zaokrouhlený součet tří k20
       dělený 3, kostka úspěchů počítá stěny jako 0,0,0,1,1,2.
    5. Po odhalení: sha256 z "pbem-judge:S:N:rolls", konce řádku a všech řádků
       #dice kola N seřazených podle bajtů, každý se svým koncem řádku, je pole
       "rolls" řádku #dice-key toho kola: žádný hod nechybí.

## Nápověda pro GM (report.hbs, kopie GM): řádky GM tohoto druhu hry

gm-help =
    Řádky GM (mail s GM <hra> <heslo> … KONEC):
      HOD <postava>: <rozkaz>        skrytý hod za postavu (HOD strážný: ÚDER anna), nebo HOD 4dF počasí
      ROZHODNUTÍ trial:<id> <název>; postup N; riziko N; obtížnost D; typ T; úspěch <text>; neúspěch <text>; trik <text>
                                     otevře zkoušku (typy: { $kinds }; průzkum nemá riziko, přežití nemá postup);
                                     testy ji jmenují výzva:<id> od dalšího kola
      ROZHODNUTÍ trial:<id> úspěch   trik je splněn (nebo neúspěch, uzavřít)
      ROZHODNUTÍ set:<kdo>.<pole> <hodnota>   deník postavy (skill.<název>, resource.<název>, relation.<kdo> …)
      VYPRÁVĚNÍ <hráč nebo postava> <text>     ZPRÁVY <text pro všechny>
      ROZHODNUTÍ dice:reveal ano     odhalí semínko hry a všechny hody se zprávou tohoto kola
