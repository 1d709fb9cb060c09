# The rpg kind's words in Russian (Fluent syntax, projectfluent.org), for src/games/rpg/*.ts:
# the same message ids as templates/rpg/{en,cs}/rpg.ftl (tests/dice/words.test.ts checks it).
# $name is a parameter; $gender (f | m) is the grammatical gender of the person a phrase is about.

## Answers at once (instant.hbs)

# "Copy for the GM: <rolled> <name>" in an answer given at once.
rolled-by = { $gender ->
    [f] бросала
   *[m] бросал
}

## Order errors (messages.ts ERR)

error-unknown-order = неизвестный приказ «{ $w }»: пишите БРОСОК <кубики> [комментарий], например: БРОСОК 3d6+1 скрытность; ПРОВЕРКА <навык> [сложность], МЕДИАНА <радиус>, БЕЗУМИЕ, УЖАС, ПРОТИВ <персонаж>, АТАКА <персонаж> [навык], ЛИСТ{ $sheets }
error-need-sheets = {" "}(ПРОВЕРКА, ПРОТИВ, АТАКА и ЛИСТ требуют листов персонажей в настройке игры)
error-too-many = слишком много бросков: не больше { $n } за раунд
error-no-sheet = у вас нет листа персонажа в этой игре; обратитесь к ведущему
error-no-skill = навыка «{ $w }» нет в листе { $who } (навыки: { $list })
error-no-skill-given = какой навык? (навыки: { $list })
error-no-character = нет персонажа «{ $w }» (персонажи: { $list })
error-no-target = против кого? назовите персонажа (персонажи: { $list })
error-self = персонаж не может действовать против самого себя
error-no-trial = нет открытого испытания «{ $w }» (открыты: { $list })
error-trial-gauss = испытания и командные проверки — проверки кубиками успехов (004); в этой игре проверки бросаются GaussD20
error-gauss-only = { $w } — бой GaussD20 (001): навык атаки должен быть навыком GaussD20, а не кубиками успехов
error-bad-difficulty = «{ $w }»: это не сложность ({ $list })
error-no-modifier = «{ $w }»: у кубиков успехов нет модификатора; используйте преимущество или помеху (004)
error-bad-window = «{ $w }»: бросок медианы требует радиус { $n } или диапазон вида 9-12
error-bad-option = «{ $w }»: { $why }
error-unknown-player = нет игрока «{ $w }» (игроки: { $list })
error-luck-range = удача должна быть от 1 до 9
error-not-number = нужно целое число
error-duplicate = указано дважды
error-not-here = не применяется к { $w }
error-no-value = после двоеточия ничего нет
error-bad-modifier = «{ $w }»: модификатор — целое число со знаком, например +2 или -1
error-roll-modifier = «{ $w }»: модификатор пишется вместе с кубиками, например 3d6+2
error-trial-difficulty = «{ $w }»: проверка в испытании { $trial } делается со сложностью испытания, { $d }; не указывайте сложность

## Words of reports and echoes (messages.ts W)

word-untrained = необученный
word-skill = навык
word-difficulty = сложность
word-pool = кубиков
word-window = диапазон
word-outside = не попасть в центр
word-inside = попадание
word-miss-low = промах вниз
word-miss-high = промах вверх
word-out-low = мимо центра, вниз: успех
word-out-high = мимо центра, вверх: успех
word-out-inside = в центре: провал
word-empty = пустой
word-madness-hit = разум выдержал воздействие хаоса
word-madness-high = провал безумия вверх: разум захвачен инфернальными видениями (повтор через 30 секунд с { $n })
word-madness-low = провал безумия вниз: разум справился, но дорогой ценой (головная боль, дезориентация, возможно потеря сознания)
word-horror-hit = самообладание сохранено
word-horror-high = провал ужаса вверх: истерическая паника, бегство от источника ужаса (повтор через 30 секунд с { $n })
word-horror-low = провал ужаса вниз: обморок
word-series-end = серия окончена
word-held = защита устояла
word-hit = пробитие
word-attack = атака
word-defence = защита
word-opposed = противопоставленная
word-defender-first = защита
word-attacker = атака
word-damage = урон
word-no-damage = урон определит ведущий
word-damage-max = максимум
word-damage-min = минимум
word-helpless = цель беспомощна: автоматический успех
word-auto-hit = кубик защиты не кидается: атака успешна
word-defence-failed = защита провалена: атака проходит
word-defence-best = лучшая защита: атака не проходит
word-attack-failed = атака провалена
word-trial = испытание
word-progress = прогресс
word-risk = риск
word-late-trial = испытание уже окончено: не засчитано
word-team = командная проверка
word-team-of-one = только один участник: обычная проверка
word-team-different = участники назвали разные сложности: засчитана наибольшая
word-hidden-echo = числа видит только ведущий
word-hidden-roll = брошено; результат у ведущего
word-waits = бросок в конце раунда
word-now = ответ сразу
word-copies = копии
word-everyone = всем
word-trial-success = пройдено
word-trial-failure = провалено
word-trial-done = окончено
word-trial-closed = закрыто ведущим
word-trial-open = открыто
word-none = нет
word-series = вся серия
word-passive = пассивно: только доспех
word-advantage = преимущество
word-disadvantage = помеха
word-luck = удача
word-trial-difficulty = со сложностью испытания
word-gm = Ведущий

## The GM’s adjustments and rolls (gm.ts)

gm-error-unknown = «{ $id }»: такой поправки нет. Ведущий может: set:<персонаж>.<поле> (name, level, luck, intellect, notes, defence, traits, techniques, inventory, skill.<навык>, resource.<ресурс>, relation.<кто>, weapon, armour, madness, horror), trial:<id>, dice:reveal
gm-error-int = «{ $raw }»: нужно целое число
gm-error-luck = «{ $raw }»: удача от 1 до 9
gm-error-skill = «{ $raw }»: число или название уровня
gm-error-relation = «{ $raw }»: 0..6 или Война … Любовь
gm-error-weapon = «{ $raw }»: «название; skill навык; damage 1d8+1; penetration N»
gm-error-armour = «{ $raw }»: «название; bonus N; penalty N»
gm-error-yes = «{ $raw }»: напишите да
gm-error-trial-end = нет испытания «{ $id }»
gm-error-trial-exists = испытание «{ $id }» уже есть: сначала завершите его или дайте другой id
gm-error-gm-roll = ROLL <персонаж>: <приказ>, например ROLL орк: АТАКА alfa

## Trials opened by the GM (trials.ts)

trial-error-field = непонятная часть «{ $w }» (название; прогресс N; риск N; сложность D; тип …; успех …; провал …; чит …)
trial-error-number = { $w }: нужно целое число от 1
trial-error-difficulty = сложность «{ $w }»: 1..6 или название уровня (Элементарно … Невозможно)
trial-error-kind = тип «{ $w }»: { $list }
trial-error-needs = испытанию типа «{ $kind }» нужен { $what }
trial-error-has = у испытания типа «{ $kind }» нет: { $what }
trial-error-no-name = сначала название испытания

trial-part-progress = прогресс
trial-part-risk = порог риска
trial-part-difficulty = сложность

## Character sheets (sheets.ts)

sheet-level = Уровень
sheet-luck = Удача
sheet-intellect = Интеллект
sheet-skills = Навыки
sheet-traits = Черты
sheet-techniques = Приёмы
sheet-resources = Ресурсы
sheet-inventory = Инвентарь
sheet-relations = Отношения
sheet-weapon = Оружие
sheet-armour = Доспех
sheet-defence = Защита
sheet-notes = Заметки
sheet-skill = навык
sheet-damage = урон
sheet-penetration = пробитие
sheet-protection = защита
sheet-penalty = штраф защиты

## Проверка бросков (report.hbs): рецепт на языке игрока, без установки судьи

dice-recipe =
    1. Ключи: sha256 (шестнадцатеричный) поля "key" строки #dice-key равен её полю
       "commitment", опубликованному до раунда (предыдущий раунд называет его "next").
    2. Текст зерна броска: для "stream" "phase:L" — ключ раунда, "/", L; для
       "master:M" (скрытые броски, когда зерно игры S раскрыто) — первые 32
       шестнадцатеричные цифры sha256 от "pbem-judge:S:N:M" (N — номер раунда) и
       "/#k", если поток так кончается; в обоих случаях затем "/" и поле "request"
       строки в точности как написано.
    3. Генератор: sha256 текста зерна; его первые 16 байт — четыре 32-битных
       числа a, b, c, d (младший байт первым); первые { $discard } выходов отбросить;
       каждый выход — t = a + b + d, затем d = d + 1, a = b ^ (b >>> 9),
       b = c + (c << 3), c = (c, циклически сдвинутое влево на 21) + t, всё по
       модулю 2^32.
    4. Кубик с n гранями: следующий выход меньше 2^32 - (остаток от деления 2^32
       на n), остаток от его деления на n, плюс 1. Кубики должны совпасть с полем
       "draws" строки ([граней, грань]) по порядку; GaussD20 — округлённая сумма
       трёх к20, делённая на 3; кубик успехов считает грани как 0,0,0,1,1,2.
    5. После раскрытия: sha256 от "pbem-judge:S:N:rolls", перевода строки и всех
       строк #dice раунда N, упорядоченных по байтам, каждая со своим переводом
       строки, равен полю "rolls" строки #dice-key этого раунда: ни один бросок
       не пропущен.

## Подсказка ведущему (report.hbs, копия ведущего): строки ведущего этой игры

gm-help =
    Строки ведущего (письмо с ВЕДУЩИЙ <игра> <пароль> … КОНЕЦ):
      БРОСОК <персонаж>: <приказ>    скрытый бросок за персонажа (БРОСОК страж: АТАКА anna) или БРОСОК 4dF погода
      РЕШЕНИЕ trial:<id> <название>; прогресс N; риск N; сложность D; тип T; успех <текст>; провал <текст>; чит <текст>
                                     открывает испытание (типы: { $kinds }; у исследования нет риска, у выживания — прогресса);
                                     проверки называют его испытание:<id> со следующего раунда
      РЕШЕНИЕ trial:<id> успех       чит выполнен (или провал, закрыть)
      РЕШЕНИЕ set:<кто>.<поле> <значение>   лист персонажа (skill.<навык>, resource.<ресурс>, relation.<кто> …)
      РАССКАЗ <игрок или персонаж> <текст>     НОВОСТИ <текст для всех>
      РЕШЕНИЕ dice:reveal да         раскрывает зерно игры и все броски с отчётом этого раунда
