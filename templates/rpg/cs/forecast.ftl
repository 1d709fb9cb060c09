# Předpověď v potvrzení rozkazů (issue #33, src/games/rpg/forecast.ts): přesné šance každého hodu,
# který čeká na konec kola.

forecast-note = Šance každého hodu, který čeká na konec kola, podle stavu na začátku kola (hody zodpovězené během kola a změny od GM se nepočítají).
forecast-rolls = Hody na konci kola
forecast-odds = řádek { $line }, { $what }: { $list }
forecast-range = řádek { $line }, { $what }: od { $min } do { $max }, v průměru { $mean }
forecast-hidden = řádek { $line }, { $what }: čísla vidí jen GM
forecast-against = řádek { $line }, { $what }: šance závisí na číslech postavy { $target }, která zná jen GM
forecast-team = výsledek týmu závisí i na hodech ostatních členů
forecast-series = série pokračuje, dokud hod mine nahoře: toto jsou šance jejího prvního hodu
