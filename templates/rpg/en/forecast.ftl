# The forecast in the acknowledgement of orders (issue #33, src/games/rpg/forecast.ts): the exact odds
# of each roll that waits for the end of the round.

forecast-note = The odds of each roll that waits for the end of the round, by the table as it stood when the round began (rolls answered earlier in the round and the GM's changes are not counted).
forecast-rolls = Rolls at the end of the round
forecast-odds = line { $line }, { $what }: { $list }
forecast-range = line { $line }, { $what }: { $min } to { $max }, on average { $mean }
forecast-hidden = line { $line }, { $what }: only the GM sees the numbers
forecast-against = line { $line }, { $what }: the odds depend on the numbers of { $target }, which only the GM knows
forecast-team = the team's result depends on the other members' rolls too
forecast-series = a series goes on while a roll misses above: these are the odds of its first roll
