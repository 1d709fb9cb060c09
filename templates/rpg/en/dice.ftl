# The dice module's words (src/dice/*.ts) in this language, Fluent syntax: outcome labels, what a spec means, spec errors.

## Outcomes (tables.ts OUTCOME_LABELS)

outcome-worst = worst possible result
outcome-double-critical-failure = double critical failure
outcome-critical-failure = critical failure
outcome-failure = failure
outcome-success = success
outcome-good = good work
outcome-critical-success = critical success
outcome-double-critical-success = double critical success
outcome-best = best possible result

## What a spec means (messages.ts describeSpec, format.ts)

spec-word-die = d
spec-word-fudge = FUDGE die (-1/0/+1)
spec-word-success = success die
spec-word-at-least = at least
spec-word-difficulty = difficulty
spec-word-modifier = mod
spec-word-luck = luck
spec-word-adv = advantage, best of two
spec-word-dis = disadvantage, worst of two

## Spec errors (messages.ts specErrorMessage): $w the word, $min and $max the range,
## $examples some specs, $options the option words, $ladder the GaussD20 difficulties.

spec-error-empty = no dice spec given (try { $examples })
spec-error-not-a-spec = "{ $w }" is not a dice spec (try { $examples })
spec-error-count-range = "{ $w }": the number of dice must be { $min } to { $max }
spec-error-sides-range = "{ $w }": a die must have { $min } to { $max } sides
spec-error-modifier-range = "{ $w }": the modifier must be { $min } to { $max }
spec-error-success-modifier = "{ $w }": success dice (dS) take no modifier; give the difficulty as vs:D
spec-error-luck-not-gauss = "{ $w }": luck applies only to gauss20
spec-error-luck-range = "{ $w }": luck must be { $min } to { $max }
spec-error-vs-range = "{ $w }": the difficulty must be { $min } to { $max }
spec-error-vs-gauss-ladder = "{ $w }": a gauss20 difficulty must be one of { $ladder }
spec-error-duplicate-option = "{ $w }": this option is given twice
spec-error-unknown-option = "{ $w }": unknown option (known: { $options })
spec-error-unknown-word = "{ $w }" is neither a dice spec nor an option ({ $options })

## The combat tables' rows (tables.ts ATTACK_LABELS, DEFENCE_LABELS): a combat roll is read on its own table

attack-worst = the worst possible result: a slip that may break the attacker's neck
attack-double-critical-failure = double critical failure: turn lost, weapon lost and an injury
attack-critical-failure = critical failure: turn lost, weapon lost or an injury
attack-failure = failure
attack-success-penalty = a hit, with a penalty to penetration
attack-success = a hit
attack-success-bonus = a hit, with a bonus to penetration
attack-double-critical-success = double critical success: damage doubled
attack-best = the best possible result: no defence roll, damage maximised and tripled
defence-worst = the worst possible result: a slip that may break the defender's neck
defence-double-critical-failure = double critical failure: turn lost, weapon lost and an injury
defence-critical-failure = critical failure: turn lost, weapon lost or an injury
defence-failure = failure
defence-success-penalty = defence holds, with a penalty to the defence
defence-success = defence holds
defence-success-bonus = defence holds, with a bonus to the defence
defence-double-critical-success = double critical success: damage halved even if the attack passes
defence-best = the best possible result: the attack does not pass
