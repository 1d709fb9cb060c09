# Místa ve hře poštou (issue #31): přihlášky (PŘIHLÁSIT), volné pozice (PŘEVZÍT),
# nepřítomnost (NEPŘÍTOMNOST), schvalování vedoucím hry.

## Proč sudí příkaz nevykonal (seat-err-<code>)
seat-err-no-game = na tomto sudím není hra „{ $game }“; dopis, jehož první řádek je SEZNAM, vypíše hry
seat-err-over = hra { $game } skončila
seat-err-started = do hry { $game } se už nelze přihlásit (začala); dopis, jehož první řádek je SEZNAM, ukáže její volné pozice, pokud nějaké má
seat-err-closed = přihlašování do hry { $game } je uzavřené
seat-err-gm-address = toto je adresa vedoucího hry { $game }; vedoucí hry nehraje
seat-err-already = z této adresy už přihláška do hry { $game } (nebo žádost o pozici v ní) je
seat-err-no-seat = „{ $seat }“ není místo ve hře { $game }; její místa: { $seats }
seat-err-no-name = za hru napište své jméno: PŘIHLÁSIT { $game } <vaše jméno>
seat-err-bad-name = jméno je příliš dlouhé nebo obsahuje znaky, které by rozházely dopisy (nejvýš 64)
seat-err-seat-taken = místo { $seat } ve hře { $game } je obsazené a jeho pořadník je plný
seat-err-full = všechna místa ve hře { $game } jsou obsazená a pořadník je plný
seat-err-busy = ve hře { $game } { $count ->
    [one] čeká na potvrzení jedna přihláška
    [few] čekají na potvrzení { $count } přihlášky
   *[other] čeká na potvrzení { $count } přihlášek
}, víc jich najednou nebere; zkuste to později (nepotvrzená přihláška propadne po { $hours } hodinách)
seat-err-too-few = hra { $game } má { $count ->
    [one] jednoho hráče
    [few] { $count } hráče
   *[other] { $count } hráčů
}; začíná nejméně s { $min }
seat-err-no-request = pod číslem { $id } nic nečeká na vaše schválení
seat-err-no-request-here = z této adresy nic ve hře { $game } na kód nečeká
seat-err-code-tries = příliš mnoho chybných kódů: tato žádost už žádný nepřijme
seat-err-wrong-code = chybný kód ({ $left ->
    [one] zbývá jeden pokus
    [few] zbývají { $left } pokusy
   *[other] zbývá { $left } pokusů
})
seat-err-not-open = { $seat } není volná pozice ve hře { $game } (volné ukáže SEZNAM)
seat-err-other-seat = z této adresy se hraje jiná pozice hry { $game }
seat-err-address = tuto adresu sudí nepřihlásí (je jeho vlastní nebo robota)
seat-err-absence-usage = pište takto: NEPŘÍTOMNOST <první den> <poslední den>, např. NEPŘÍTOMNOST 3.12.2026 6.12.2026
seat-err-absence-date = „{ $text }“ není den (pište 3.12.2026 nebo 2026-12-03)
seat-err-absence-order = poslední den je před prvním
seat-err-absence-past = nepřítomnost začíná v minulosti
seat-err-absence-long = nepřítomnost smí trvat nejvýš { $days } dní, i se souhlasem vedoucího hry
seat-err-withdraw-started = hra už začala: ODSTOUPIT lze jen před začátkem; obraťte se na vedoucího hry

## Odpověď na PŘIHLÁSIT, PŘEVZÍT a POTVRDIT
seat-answer-join-subject = Potvrďte svou přihlášku do hry { $game }
seat-answer-join =
    Abyste se přihlásili do hry { $game }, pošlete sudímu do { $hours } hodin
    dopis, jehož první řádek je

      POTVRDIT { $game } { $code }

    (stačí odpověď na tento dopis, s tím řádkem nahoře). Do té doby pro vás
    žádné místo drženo není: místa dostávají hráči v pořadí, v jakém potvrdí.
    { $free ->
        [0] Všechna místa jsou teď obsazená; po potvrzení budete v pořadníku
    a místo dostanete, až se uvolní.
        [one] Volné je teď jedno místo z { $seats }; po potvrzení ho dostanete,
    je-li ještě volné (jinak místo v pořadníku), a s ním své id a heslo.
        [few] Volná jsou teď { $free } místa z { $seats }; po potvrzení jedno
    dostanete, je-li ještě některé volné (jinak místo v pořadníku), a s ním
    své id a heslo.
       *[other] Volných je teď { $free } míst z { $seats }; po potvrzení jedno
    dostanete, je-li ještě některé volné (jinak místo v pořadníku), a s ním
    své id a heslo.
    }
    Pokud jste o nic nežádali, nedělejte nic.
seat-answer-join-seat-subject = Potvrďte svou přihlášku do hry { $game }
seat-answer-join-seat =
    Abyste se přihlásili na místo { $seat } ve hře { $game }, pošlete sudímu
    do { $hours } hodin dopis, jehož první řádek je

      POTVRDIT { $game } { $code }

    (stačí odpověď na tento dopis, s tím řádkem nahoře). Do té doby to místo
    nikomu drženo není: dostane ho ten, kdo potvrdí první.
    { $free ->
        [0] Teď je obsazené; po potvrzení budete v jeho pořadníku a dostanete
    ho, uvolní-li se.
       *[other] Teď je volné; po potvrzení ho dostanete, je-li ještě volné
    (jinak místo v jeho pořadníku), a s ním heslo.
    }
    Pokud jste o nic nežádali, nedělejte nic.
seat-answer-takeover-asked-subject = Pozice { $seat }: potvrďte žádost
seat-answer-takeover-asked =
    Požádali jste o volnou pozici { $seat } ve hře { $game }. Abyste pokračovali,
    pošlete sudímu do { $hours } hodin dopis, jehož první řádek je

      POTVRDIT { $game } { $code }

    Pokud jste o nic nežádali, nedělejte nic.
seat-answer-seated-subject = Jste přihlášeni
seat-answer-seated = Potvrzeno: jste přihlášeni do hry { $game } jako { $seat }. Heslo přijde zvláštním dopisem.
seat-answer-join-gm-subject = Potvrzeno: rozhodne vedoucí hry
seat-answer-join-gm = Potvrzeno. Přihlášky do hry { $game } schvaluje vedoucí hry; jakmile rozhodne, sudí vám napíše.
seat-answer-waiting-confirmed-subject = Potvrzeno: jste v pořadníku
seat-answer-waiting-confirmed = Potvrzeno. Místa ve hře { $game } dostali ti, kdo potvrdili před vámi: v pořadníku jste { $place }. v pořadí, místo dostanete, jakmile se uvolní, a s ním i heslo.
seat-answer-join-full-subject = Nepřihlášeno: hra { $game } je plná
seat-answer-join-full = Potvrzeno, ale místa ve hře { $game } i její pořadník se zaplnily dřív, než jste potvrdili: vaše přihláška skončila. Co je volné, ukáže dopis, jehož první řádek je SEZNAM.
seat-answer-takeover-gm-subject = Potvrzeno: rozhodne vedoucí hry
seat-answer-takeover-gm = Potvrzeno. O vaší žádosti o pozici { $seat } ve hře { $game } rozhodne vedoucí hry; pak vám sudí napíše.
seat-answer-takeover-done-subject = Pozice { $seat } je vaše
seat-answer-takeover-done = Potvrzeno: pozice { $seat } ve hře { $game } je vaše. Heslo a pozici tak, jak stojí, dostanete zvláštním dopisem.
seat-answer-refused-subject = Neprovedeno: { $reason }
seat-answer-refused = Neprovedeno: { $reason }. Nic se nezměnilo.
seat-budget-last = { $limit ->
    [one] Toto je jediná odpověď
   *[other] Toto je poslední z { $limit } odpovědí
}, které vaše adresa dnes dostane: na další dopisy, které sudí nemůže přijmout, ani na NÁPOVĚDA, SEZNAM, PŘIHLÁSIT či PŘEVZÍT už do půlnoci (UTC) neodpoví a PŘIHLÁSIT ani PŘEVZÍT do té doby nepřijme.

## Oznámení
seat-seated-subject = Hrajete ve hře { $title }: vaše id a heslo
seat-seated =
    Jste přihlášeni do hry { $title } ({ $game }).

      Vaše id:    { $player }
      Heslo:      { $password }

    Heslo pro vás vytvořil sudí; nikomu ho neříkejte. Obsazená místa:
    { $count } z { $seats }. Hra začne, až budou obsazená všechna místa{ $closes ->
        [none] .
       *[other] , nebo
            { $closes }
            s hráči, které tehdy bude mít.
    }
    Pak každý dostane úvodní dopis se svou pozicí. Před začátkem se místa
    vzdáte blokem s řádkem ODSTOUPIT:

      HRA { $game } { $player } <heslo>
      ODSTOUPIT
      KONEC
seat-joined-subject = { $gender ->
    [f] Přihlásila se { $playerName }
   *[other] Přihlásil se { $playerName }
}
seat-joined = { $playerName } ({ $player }, { $email }) { $gender ->
    [f] se přihlásila
   *[other] se přihlásil
} do hry { $title } ({ $game }): obsazeno { $count } z { $seats } míst.
seat-lapsed-subject = Vaše žádost propadla
seat-lapsed = Žádost o hru { $title } ({ $game }) jste nepotvrdili včas, a tak propadla. Co je volné teď, ukáže dopis, jehož první řádek je SEZNAM.
seat-left-subject = { $playerName } { $gender ->
    [f] se vzdala místa
   *[other] se vzdal místa
}
seat-left = { $playerName } ({ $player }) { $gender ->
    [f] odstoupila
   *[other] odstoupil
} ze hry { $title } ({ $game }) před jejím začátkem; místo připadne pořadníku.
seat-closed-subject = Hra { $title } začala bez vás
seat-closed = Hra { $title } ({ $game }) začala s hráči, které měla; vaše žádost skončila. Uvolní-li se později pozice, ukáže ji dopis, jehož první řádek je SEZNAM.
seat-short-subject = Přihlašování skončilo s málo hráči
seat-short = Přihlašování do hry { $title } ({ $game }) mělo teď skončit, ale hra má { $count } a potřebuje { $min } hráčů. Zůstává otevřené a hra začne, jakmile jich bude { $min } (nebo když pošlete ZAHÁJIT v bloku vedoucího hry).
seat-busy-subject = Mnoho nepotvrzených přihlášek do hry { $title }
seat-busy =
    Ve hře { $title } ({ $game }) { $count ->
        [one] čeká na potvrzení (POTVRDIT) jedna přihláška
        [few] čekají na potvrzení (POTVRDIT) { $count } přihlášky
       *[other] čeká na potvrzení (POTVRDIT) { $count } přihlášek
    }, nejvíc, kolik hra najednou bere (signup.unconfirmed v jejím
    nastavení): další PŘIHLÁSIT sudí odmítá, dokud některé nebudou potvrzeny
    nebo nepropadnou (po { $hours } hodinách). Tolik přihlášek obvykle
    znamená podvržené odesílatele; žádná z nich nedrží místo. Kolik
    PŘIHLÁSIT bylo odmítnuto, ukáže STAV v bloku vedoucího hry; ZAMÍTNOUT
    NEPOTVRZENÉ v bloku vedoucího hry zruší všechny přihlášky čekající na kód.
seat-ask-join-subject = Přihláška { $id } čeká na vás
seat-ask-join =
    { $name } <{ $email }> { $gender ->
        [f] potvrdila
       *[other] potvrdil
    } přihlášku do hry { $title } ({ $game }).
    Odpovězte blokem vedoucího hry s řádkem SCHVÁLIT { $id } nebo ZAMÍTNOUT { $id }.
seat-ask-takeover-subject = Žádost o pozici { $id } čeká na vás
seat-ask-takeover =
    { $name } <{ $email }> žádá o volnou pozici { $seat } ve hře { $title }
    ({ $game }). Odpovězte blokem vedoucího hry s řádkem SCHVÁLIT { $id } nebo
    ZAMÍTNOUT { $id }.
seat-ask-absence-subject = Nepřítomnost { $id } čeká na vás
seat-ask-absence =
    { $name } ({ $seat }) bude pryč od { $from } do { $to }, { $why ->
        [slots] { $gender ->
            [f] ale vyčerpala
           *[other] ale vyčerpal
        } všechny nepřítomnosti, které hráč má bez vás
       *[other] déle, než smí hráč chybět bez vás
    }. Odpovězte blokem vedoucího hry s řádkem SCHVÁLIT { $id } nebo ZAMÍTNOUT { $id }.
seat-denied-join-subject = Vaše přihláška nebyla přijata
seat-denied-join = Vaše přihláška do hry { $title } ({ $game }) nebyla vedoucím hry přijata.
seat-denied-takeover-subject = Vaše žádost o { $seat } nebyla přijata
seat-denied-takeover = Pozice { $seat } ve hře { $title } ({ $game }) vám vedoucím hry nebyla předána.
seat-denied-absence-subject = Vaše nepřítomnost nebyla schválena
seat-denied-absence = Vaše nepřítomnost od { $from } do { $to } ve hře { $title } ({ $game }) nebyla vedoucím hry schválena: uzávěrky platí a fáze bez vašich rozkazů se počítají jako zmeškané.
seat-absence-granted-subject = Nepřítomnost zapsána: { $from } – { $to }
seat-absence-granted = Ve hře { $title } ({ $game }) jste pryč od { $from } do { $to }. { $effect ->
    [extend] Uzávěrka, která padne do vaší nepřítomnosti, se posune na její konec, všem (v mezích hry).
   *[other] Uzávěrky platí; použijí se vaše trvalé rozkazy (kde je hra má) a zmeškaná fáze se nepočítá.
}
seat-absence-subject = { $playerName } pryč: { $from } – { $to }
seat-absence = { $playerName } ({ $player }) je ve hře { $title } ({ $game }) pryč od { $from } do { $to }.
seat-absence-moved-subject = Nová uzávěrka: { $playerName } je pryč
seat-absence-moved =
    { $playerName } je pryč od { $from } do { $to }, a proto se uzávěrka hry
    { $title } ({ $game }) posouvá na { $deadline }.
seat-takeover-moved-subject = Nová uzávěrka: pozici { $seat } hraje nový hráč
seat-takeover-moved =
    Pozici { $seat } ve hře { $title } ({ $game }) převzal nový hráč; aby mohl
    poslat rozkazy, uzávěrka se posouvá na { $deadline }.
seat-takeover-gone-subject = Pozice { $seat } už není volná
seat-takeover-gone = Pozice { $seat } ve hře { $title } ({ $game }) už není volná; vaše žádost skončila.
seat-digest-subject = { $count ->
    [one] Na vás čeká jedna žádost
    [few] Na vás čekají { $count } žádosti
   *[other] Na vás čeká { $count } žádostí
}
seat-digest = Ve hře { $title } ({ $game }) čeká na vaši odpověď (SCHVÁLIT <číslo> nebo ZAMÍTNOUT <číslo> v bloku vedoucího hry):

## Žádost čekající na vedoucího hry
seat-line-join = #{ $id } přihláška: { $name } <{ $email }>
seat-line-takeover = #{ $id } převzetí pozice { $seat }: { $name } <{ $email }>
seat-line-absence = #{ $id } nepřítomnost { $seat }: { $from } – { $to } ({ $why ->
    [slots] žádné nepřítomnosti nezbývají
   *[other] delší, než je dovoleno
})

## Místa, jak je vidí vedoucí hry
seat-status-signup = přihlášky: obsazeno { $count } z { $seats } míst ({ $players }), drženo, než rozhodnete, { $gm }, v pořadníku { $waiting }; nepotvrzeno zatím { $unconfirmed } (nedrží žádné místo){ $refused ->
    [0] {""}
   *[other] , odmítnuto PŘIHLÁSIT { $refused } (víc než { $max } nepotvrzených najednou)
}; začne po obsazení{ $closes ->
    [none] {""}
   *[other] {""} nebo { $closes } s nejméně { $min } hráči
}
seat-status-approval = čeká na vás: { $line }
seat-status-open = volné pozice: { $list }
seat-status-absent = pryč: { $list }

## Řádky bloku hráče a vedoucího hry
seat-absence-asked = nad vaše limity: rozhodne vedoucí hry (žádost { $id }); sudí vám napíše
seat-absence-done = nepřítomnost zapsána{ $deadline ->
    [none] {""}
   *[other] ; uzávěrka se posouvá na { $deadline }
}
seat-withdrawn = místa jste se vzdali; ve hře { $game } už nejste
seat-not-started = { $count ->
    [one] Řádek s rozkazem nebyl přijat
    [few] { $count } řádky s rozkazy nebyly přijaty
   *[other] { $count } řádků s rozkazy nebylo přijato
}: hra ještě nezačala; rozkazy se berou, až začne, a úvodní dopis řekne, do kdy.
seat-gm-started = zahájeno: každý hráč dostane úvodní dopis
seat-gm-approved = žádost { $id } schválena
seat-gm-denied = žádost { $id } zamítnuta; žadatel to ví
seat-gm-cleared = { $count ->
    [0] žádná přihláška nečekala na svůj kód
    [one] zrušena { $count } přihláška čekající na kód (její adrese se nepíše)
    [few] zrušeny { $count } přihlášky čekající na kód (jejich adresám se nepíše)
   *[other] zrušeno { $count } přihlášek čekajících na kód (jejich adresám se nepíše)
  }

## SEZNAM: první uzávěrka hry, do které se lze přihlásit
seat-list-no-deadline = bez pevných uzávěrek (každou fázi vyhodnotí vedoucí hry)
seat-list-after-start = { $hours } h po začátku
seat-list-if-now = { $deadline }, kdyby začala teď
seat-list-heading = Přihlašování — dopis, jehož první řádek je PŘIHLÁSIT <hra> <vaše jméno>, vás přihlásí (kde mají místa jména: PŘIHLÁSIT <hra> <místo> [vaše jméno]):
seat-list-game = { $id } — { $title } ({ $kind }, { $lang }): volno { $free } z { $seats } { $seats ->
    [one] místa
   *[other] míst
}{ $waitlist ->
    [yes] , pořadník
   *[no] {""}
}
seat-list-named = volná místa: { $list }
seat-list-deadline = první uzávěrka: { $deadline }
seat-list-closes = přihlašování končí: { $closes }
seat-list-open-heading = Volné pozice — dopis, jehož první řádek je PŘEVZÍT <hra> <pozice> [vaše jméno], o ni požádá:
