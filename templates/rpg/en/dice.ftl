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
