# FanDi: the forecast in the acknowledgement of orders (issue #33, src/games/fandi/forecast-text.ts).
# What the player's orders would do if nobody else ordered and no battle were fought.

forecast-note = Boje se nehrají: tah do cizího nebo neutrálního města je SPORNÝ (rozhodne boj, nebo město obsadíte, pokud ho nikdo nebrání) a jednotky v něm platí vaše nejbližší město. Cizí jednotky, špióni a poslové nejsou známi a nepočítají se.
forecast-cities = Města
forecast-advances = Pokroky
forecast-moves = Pohyby
forecast-problems = Rozkazy, které by neprošly celé
forecast-city = { $at } (hodnota { $value }, výnos { $rate } %):
forecast-income = výnos { $yield } xc{ $extra ->
    [0] {""}
   *[other] {" "}+ navíc { $extra } xc z hodnoty
  }, hotovost na začátku { $cash } xc
forecast-upkeep = žold { $due } xc{ $due ->
    [0] {""}
   *[other] {" "}(jednotky zde i v poli, které platí toto město)
  }
forecast-standing = stojí zde: { $what }
forecast-standing-none = nestojí zde žádné jednotky
forecast-spent = utraceno: { $list }
forecast-spent-build = { $what } { $amount } xc
forecast-spent-walls = hradby { $amount } xc
forecast-spent-science = věda { $amount } xc
forecast-spent-tech = technika { $amount } xc
forecast-spent-value = hodnota { $amount } xc
forecast-spent-spy = špióni ({ $count }) { $amount } xc
forecast-spent-messenger = posel do { $target } { $amount } xc
forecast-cash = do hotovosti { $to } xc, korupce { $corruption } xc → hotovost { $after } xc
forecast-disband = POZOR: žold { $due } xc nelze zaplatit celý; rozpuštěny budou (v pořadí pravidel, nejlevnější první): { $what }
forecast-unspent = POZOR: { $amount } xc zůstane nevyužito: jde do hotovosti, z níž korupce bere { $percent } %
forecast-science = věda stupně { $level } (investice v { $at }): platí ve všech městech
forecast-science-left = věda: v { $at } investováno { $have } xc z { $need } xc potřebných na stupeň { $level }
forecast-tech = { $at }: { $level ->
    [1] rozvinutá řemesla (výnos 20 %)
   *[other] rozvinutý obchod (výnos 30 %)
  }
forecast-tech-left = { $at }: technika, investováno { $have } xc z { $need } xc potřebných na { $level ->
    [1] řemesla
   *[other] obchod
  }
forecast-walls = { $at }: hradby stupně { $level }
forecast-walls-left = { $at }: hradby, investováno { $have } xc z { $need } xc potřebných na stupeň { $level }
forecast-move = { $from } → { $to } ({ $path }): { $what }
forecast-contested = SPORNÉ: { $at } je { $owner ->
    [none] neutrální město
   *[other] město hráče { $owner }
  }: rozhodne boj, nebo je obsadíte, pokud ho nikdo nebrání
forecast-messenger = posel z { $from } dojde do { $to }: { $delivered } xc z { $amount }
forecast-messenger-back = posel z { $from } do { $to } neprojde a vrátí se: { $delivered } xc z { $amount } zpět v { $from }
forecast-order = řádek { $line } ({ $text }): { $status ->
    [partial] ČÁSTEČNĚ
   *[failed] CHYBA
  } — { $result }
forecast-attack = řádek { $line } ({ $text }): platí jen v boji a boje předpověď nehraje
forecast-contested-coat = SPORNÉ: na { $at } zůstanou vaše jednotky s těmi, které předáváte: jsou to jiné strany a budou spolu bojovat
