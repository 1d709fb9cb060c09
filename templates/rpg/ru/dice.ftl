# The dice module's words (src/dice/*.ts) in this language, Fluent syntax: outcome labels, what a spec means, spec errors.

## Outcomes (tables.ts OUTCOME_LABELS)

outcome-worst = худший из всех возможных результатов
outcome-double-critical-failure = двойной критический провал
outcome-critical-failure = критический провал
outcome-failure = провал
outcome-success = успех
outcome-good = хорошая работа
outcome-critical-success = критический успех
outcome-double-critical-success = двойной критический успех
outcome-best = лучший из всех возможных результатов

## What a spec means (messages.ts describeSpec, format.ts)

spec-word-die = к
spec-word-fudge = кубик FUDGE (-1/0/+1)
spec-word-success = кубик успехов
spec-word-at-least = не меньше
spec-word-difficulty = сложность
spec-word-modifier = мод
spec-word-luck = удача
spec-word-adv = преимущество, лучший из двух
spec-word-dis = помеха, худший из двух

## Spec errors (messages.ts specErrorMessage): $w the word, $min and $max the range,
## $examples some specs, $options the option words, $ladder the GaussD20 difficulties.

spec-error-empty = не указан бросок (например: { $examples })
spec-error-not-a-spec = «{ $w }» — не запись броска (например: { $examples })
spec-error-count-range = «{ $w }»: число кубиков должно быть от { $min } до { $max }
spec-error-sides-range = «{ $w }»: у кубика должно быть от { $min } до { $max } граней
spec-error-modifier-range = «{ $w }»: модификатор должен быть от { $min } до { $max }
spec-error-success-modifier = «{ $w }»: у кубиков успеха (dS) нет модификатора; сложность задаётся как vs:D
spec-error-luck-not-gauss = «{ $w }»: удача применяется только к gauss20
spec-error-luck-range = «{ $w }»: удача должна быть от { $min } до { $max }
spec-error-vs-range = «{ $w }»: сложность должна быть от { $min } до { $max }
spec-error-vs-gauss-ladder = «{ $w }»: сложность gauss20 должна быть одной из: { $ladder }
spec-error-duplicate-option = «{ $w }»: параметр указан дважды
spec-error-unknown-option = «{ $w }»: неизвестный параметр (известны: { $options })
spec-error-unknown-word = «{ $w }» — не бросок и не параметр ({ $options })

## Строки таблиц боя (tables.ts ATTACK_LABELS, DEFENCE_LABELS): боевой бросок читается по своей таблице

attack-worst = худший результат из всех возможных: поскользнуться и сломать себе шею
attack-double-critical-failure = двойной критический провал: пропуск хода, потеря оружия и травма
attack-critical-failure = критический провал: пропуск хода, потеря оружия или травма
attack-failure = провал
attack-success-penalty = успешная атака, штраф на пробитие
attack-success = успешная атака
attack-success-bonus = успешная атака, бонус на пробитие
attack-double-critical-success = двойной критический успех: урон увеличивается в 2 раза
attack-best = лучший результат из всех возможных: кубик защиты не кидается, урон максимизируется и увеличивается в 3 раза
defence-worst = худший результат из всех возможных: поскользнуться и сломать себе шею
defence-double-critical-failure = двойной критический провал: пропуск хода, потеря оружия и травма
defence-critical-failure = критический провал: пропуск хода, потеря оружия или травма
defence-failure = провал
defence-success-penalty = успешная защита, штраф на защиту
defence-success = успешная защита
defence-success-bonus = успешная защита, бонус на защиту
defence-double-critical-success = двойной критический успех: урон уменьшается в 2 раза, даже если пройдёт через защиту
defence-best = лучший результат из всех возможных: атака не проходит
