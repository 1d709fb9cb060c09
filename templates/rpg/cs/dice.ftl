# The dice module's words (src/dice/*.ts) in this language, Fluent syntax: outcome labels, what a spec means, spec errors.

## Outcomes (tables.ts OUTCOME_LABELS)

outcome-worst = nejhorší možný výsledek
outcome-double-critical-failure = dvojitý kritický neúspěch
outcome-critical-failure = kritický neúspěch
outcome-failure = neúspěch
outcome-success = úspěch
outcome-good = dobrá práce
outcome-critical-success = kritický úspěch
outcome-double-critical-success = dvojitý kritický úspěch
outcome-best = nejlepší možný výsledek

## What a spec means (messages.ts describeSpec, format.ts)

spec-word-die = k
spec-word-fudge = kostka FUDGE (-1/0/+1)
spec-word-success = kostka úspěchů
spec-word-at-least = alespoň
spec-word-difficulty = obtížnost
spec-word-modifier = modifikátor
spec-word-luck = štěstí
spec-word-adv = výhoda, lepší ze dvou
spec-word-dis = nevýhoda, horší ze dvou

## Spec errors (messages.ts specErrorMessage): $w the word, $min and $max the range,
## $examples some specs, $options the option words, $ladder the GaussD20 difficulties.

spec-error-empty = chybí zápis kostek (např. { $examples })
spec-error-not-a-spec = "{ $w }" není zápis kostek (např. { $examples })
spec-error-count-range = "{ $w }": počet kostek musí být { $min } až { $max }
spec-error-sides-range = "{ $w }": kostka musí mít { $min } až { $max } stěn
spec-error-modifier-range = "{ $w }": modifikátor musí být { $min } až { $max }
spec-error-success-modifier = "{ $w }": kostky úspěchů (dS) nemají modifikátor; obtížnost zadejte jako vs:D
spec-error-luck-not-gauss = "{ $w }": štěstí platí jen pro gauss20
spec-error-luck-range = "{ $w }": štěstí musí být { $min } až { $max }
spec-error-vs-range = "{ $w }": obtížnost musí být { $min } až { $max }
spec-error-vs-gauss-ladder = "{ $w }": obtížnost gauss20 musí být jedna z { $ladder }
spec-error-duplicate-option = "{ $w }": tato volba je zadána dvakrát
spec-error-unknown-option = "{ $w }": neznámá volba (známé: { $options })
spec-error-unknown-word = "{ $w }" není zápis kostek ani volba ({ $options })

## Řádky tabulek boje (tables.ts ATTACK_LABELS, DEFENCE_LABELS): bojový hod se čte ve své tabulce

attack-worst = nejhorší možný výsledek: uklouznutí, při kterém si útočník může zlomit vaz
attack-double-critical-failure = dvojitý kritický neúspěch: ztráta tahu, ztráta zbraně a zranění
attack-critical-failure = kritický neúspěch: ztráta tahu, ztráta zbraně nebo zranění
attack-failure = neúspěch
attack-success-penalty = zásah, s postihem k průrazu
attack-success = zásah
attack-success-bonus = zásah, s bonusem k průrazu
attack-double-critical-success = dvojitý kritický úspěch: dvojnásobné zranění
attack-best = nejlepší možný výsledek: obrana se nehází, zranění maximální a trojnásobné
defence-worst = nejhorší možný výsledek: uklouznutí, při kterém si obránce může zlomit vaz
defence-double-critical-failure = dvojitý kritický neúspěch: ztráta tahu, ztráta zbraně a zranění
defence-critical-failure = kritický neúspěch: ztráta tahu, ztráta zbraně nebo zranění
defence-failure = neúspěch
defence-success-penalty = obrana drží, s postihem k obraně
defence-success = obrana drží
defence-success-bonus = obrana drží, s bonusem k obraně
defence-double-critical-success = dvojitý kritický úspěch: poloviční zranění, i když útok projde
defence-best = nejlepší možný výsledek: útok neprojde
