# Прогноз в подтверждении приказов (issue #33, src/games/nation/forecast-text.ts): что сделали бы
# приказы игрока, если остальные бездействуют, а ведущий ничего не меняет.

forecast-note = Влияние фигур на действия этапа 1 заявляется на этапе 2 (здесь учтено только ваше, уже заявленное); масштаб, сложность и поправки назначает ведущий: здесь — масштаб по умолчанию, предложенная сложность и никаких поправок.
forecast-actions = Действия
forecast-growth-title = Прирост населения в конце хода
forecast-refused-title = Не будет принято
forecast-line = строка { $line }: { $action }
forecast-declared = заявлено на этапе 1: { $action }
forecast-new-strategic = новое стратегическое действие
forecast-mods = модификаторы: { $list }; итого { $total }
forecast-mods-none = модификаторов нет
forecast-die-influence = { $what }: { $values } (решает FD)
forecast-dist = { $dice }dF{ $mod }: { $list }
forecast-odds = при сложности { $level } (её назначает ведущий): успех { $success }, неуспех { $failure }, провал { $disaster }
forecast-step = это прогресс хода стратегического действия
forecast-influence = модификатор на { $target }: { $values }
forecast-influence-die = модификатор на { $target }: { $values } (решает FD, каждое с шансом 1/3)
forecast-influence-permanent = перманентный модификатор на { $target }: { $value } каждый ход, пока действие идёт
forecast-growth = { $country }: ПП этого хода от { $min } до { $max } (FD от −1 до +1, без поправок ведущего)
forecast-growth-face = FD { $die }: ПП { $pp }, население { $from } → { $to }
forecast-refused = строка { $line }: { $reason }
forecast-mod-influence = ваше влияние (строка { $line })
