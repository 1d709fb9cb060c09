# The forecast in the acknowledgement of orders (issue #33, src/games/nation/forecast-text.ts): what
# the player's orders would do if the others held and the GM changed nothing.

forecast-note = Figures' influence on stage 1 actions is declared in stage 2 (only yours, once declared, is counted here); the GM sets scale, difficulty and adjustments: here the default scale, the proposed difficulty and no adjustment.
forecast-actions = Actions
forecast-growth-title = Population growth at the end of the turn
forecast-refused-title = Would be refused
forecast-line = line { $line }: { $action }
forecast-declared = declared in stage 1: { $action }
forecast-new-strategic = new strategic action
forecast-mods = modifiers: { $list }; in all { $total }
forecast-mods-none = no modifiers
forecast-die-influence = { $what }: { $values } (an FD decides)
forecast-dist = { $dice }dF{ $mod }: { $list }
forecast-odds = at difficulty { $level } (the GM sets it): success { $success }, failure { $failure }, disaster { $disaster }
forecast-step = this is the turn's progress of the strategic action
forecast-influence = modifier on { $target }: { $values }
forecast-influence-die = modifier on { $target }: { $values } (an FD decides, each with a chance of 1/3)
forecast-influence-permanent = permanent modifier on { $target }: { $value } every turn while the action goes on
forecast-growth = { $country }: this turn's ПП from { $min } to { $max } (FD −1 to +1, no GM adjustment)
forecast-growth-face = FD { $die }: ПП { $pp }, population { $from } → { $to }
forecast-refused = line { $line }: { $reason }
forecast-mod-influence = your influence (line { $line })
