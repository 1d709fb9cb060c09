# The nation kind's words in Russian (Fluent syntax, projectfluent.org), for
# src/games/nation/{texts,reasons,view}.ts: the same message ids as
# templates/nation/en/nation.ftl (tests/nation/words.test.ts checks it). Numbers
# choose the plural forms (CLDR one / few / many); $name is a parameter.

## Plurals

turns = { $n ->
    [one] { $n } ход
    [few] { $n } хода
    [many] { $n } ходов
   *[other] { $n } хода
}
years = { $n ->
    [one] { $n } год
    [few] { $n } года
    [many] { $n } лет
   *[other] { $n } года
}
quoted = «{ $text }»

## The phase (index.ts)

phase-label = Ход { $turn }, этап { $stage }: { $stage ->
    [1] действия стран и орденов
   *[2] действия фигур
}

## How an order line is refused or understood (orders.ts)

no-actor = не указано, кто действует: «страна», орден или фигура по имени (например: «Страна публично, Мудрость: …», «Тамплиеры тайно, Агрессивность: …», «Фигура Иван: …»)
unknown-order = неизвестный орден «{ $name }»
unknown-figure = неизвестная фигура «{ $name }»
ambiguous = «{ $word }» может означать: { $list }; уточните
not-yours = { $name } вам не подчиняется
figure-stage-1 = фигуры действуют на втором этапе хода (сейчас первый этап: действия страны и орденов)
order-stage-2 = страна и ордена действуют на первом этапе хода (сейчас второй этап: действия фигур)
no-direction = не указано направление действия: { $list }
no-text = не сказано, что делается: допишите после направления, например «… — построить плотину»
no-goal = не указана цель стратегического действия (например «цель: изобрести порох»)
constitution-ordinary = Устойчивость применяется только к стратегическим действиям (добавьте «стратегическое» или выберите другое направление)
flexibility-strategic = Гибкость мышления применяется только к обычным (не стратегическим) действиям
strategic-figure = стратегические действия доступны только странам и орденам, не фигурам
scale-figure = масштаб указывается только для действий страны или ордена
scale-strategic = у стратегического действия масштаб не учитывается — уберите его
scale-range = масштаб — от { $min } до { $max } по шкале FUDGE
unknown-strategic = у вас нет стратегического действия { $id }
strategic-closed = стратегическое действие { $id } уже { $status }
strategic-actor = { $id } выполняет { $actor }, а не { $other }
strategic-direction = { $id } основано на направлении { $dir }, а не { $other }
strategic-new-and-continue = строка и продолжает { $id }, и спрашивает время нового действия — разделите на две строки
ask-time-and-turns = либо спросите время («сколько времени?»), либо назовите его («за 3 хода») — не то и другое сразу
turns-range = время — от { $min } до { $max } ходов
years-per-turn = { $years } не делится на ходы: один ход — { $per }
planned-too-short = { $id } уже выполнялось { $done }: запланированное время должно быть больше
influence-not-figure = влиять на действия орденов могут только фигуры
influence-stage-1 = действия влияния заявляются на втором этапе хода, когда станут известны действия орденов
unknown-action = действие { $id } вам неизвестно
influence-figure-action = { $id } — действие фигуры; влиять можно только на действия орденов первого этапа
no-influence = у фигуры { $figure } нет влияния на «{ $order }»
influence-extra = действие влияния не бывает стратегическим, с масштабом или с усилением влияния
gain-not-figure = усиливать влияние на орден могут только фигуры
gain-no-order = не указан орден, влияние на который усиливается (например «усилить влияние на орден тамплиеров»)
abandon-stage-2 = отказаться от стратегического действия можно на первом этапе хода, вместе с действиями страны и орденов
abandon-extra = строка отказа от { $id } не может быть ещё и действием — разделите на две строки
echo-action = { $actor }: { $vis } действие, { $dir }{ $scale }{ $extra } — «{ $text }»
echo-action-notext = { $actor }: { $vis } действие, { $dir }{ $scale }{ $extra }
echo-scale = , масштаб { $level }
echo-scale-default = { "" }
echo-ask-time = ; новое стратегическое действие, время оценит ведущий
echo-ask-difficulty = ; новое стратегическое действие за { $turns }, сложность назначит ведущий
echo-continue = ; продолжение { $id } «{ $goal }»{ $planned }
echo-planned = , всего на него { $turns }
echo-gain = ; усиление влияния на «{ $order }»
echo-influence = { $actor }: { $vis } действие влияния — { $sign } { $id } ({ $target }){ $text }
echo-abandon = отказ от стратегического действия { $id } «{ $goal }» ({ $actor })
support = поддержка
oppose = противодействие
secret-adj = тайное
public-adj = публичное
secret-adv = тайно
public-adv = публично
status-done = завершено
status-abandoned = прекращено
country-label = страна { $name }
order-label = орден «{ $name }»
figure-label = фигура { $name }

## Why an order was refused at adjudication (reasons.ts: reason-<code>)

reason-unknown-actor = нет страны, ордена или фигуры «{ $actor }»
reason-not-yours = «{ $actor }» вам не подчиняется
reason-figure-in-stage-1 = фигуры действуют на втором этапе хода, после того как станут известны действия орденов
reason-country-in-stage-2 = страны и ордена действуют на первом этапе хода
reason-influence-in-stage-1 = действия влияния заявляются на втором этапе хода
reason-abandon-in-stage-2 = от стратегического действия отказываются на первом этапе хода
reason-direction-ordinary-only = { $direction }: применяется только к не-стратегическим действиям
reason-direction-strategic-only = { $direction }: применяется только к стратегическим действиям
reason-figure-strategic = стратегические действия могут выполняться только орденами или странами
reason-unknown-strategic = нет вашего стратегического действия { $id }
reason-strategic-other-actor = стратегическое действие { $id } выполняет { $actor }
reason-strategic-not-active = стратегическое действие { $id } уже завершено
reason-strategic-twice = стратегическое действие { $id } уже продвигается на этом ходу
reason-strategic-abandoned = от стратегического действия { $id } вы отказались на этом ходу
reason-planned-too-short = на { $id } уже потрачено ходов: { $done }; новый срок должен быть больше
reason-bad-turns = срок { $turns }: нужно целое число ходов от { $min } до { $max }
reason-too-many = для «{ $entity }» таблица допускает не более { $max } ({ $visibility ->
    [secret] тайных
   *[public] публичных
}) действий за ход
reason-gain-not-figure = «увеличить влияние» — действие фигуры влияния
reason-gain-no-influence = { no-influence }
reason-unknown-target = вам не известно действие { $target }
reason-target-not-order = влиять можно только на действия орденов и стран, а { $target } — действие фигуры
reason-no-influence = { no-influence }
reason-influence-twice = { $figure } уже влияет на { $target } на этом ходу
reason-no-slot = у фигуры { $figure } на этом ходу не осталось действий влияния (влиятельность)
reason-permanent-done = после перманентного влияния фигуры { $figure } на { $strategic } влияние на отдельные ходы этого действия невозможно
reason-permanent-other = { $figure } уже оказывает перманентное влияние на { $strategic }; повторное перманентное влияние невозможно
reason-style-invalid = изменение стиля { $country } не принято: { $problems }

## The report (view.ts)

attr = { $attr ->
    [population] Население
    [area] Площадь территории
    [gold] Золотой запас
    [gnp] ВНП
    [tax] Налог
    [army] Численность армии
   *[stability] Стабильность
}
h-attribute = Атрибут
h-level = Уровень
h-direction = Направление
h-dnd = D&D
# The D&D attribute a style direction was taken from (games/nation/directions.json `dnd`).
dnd = { $dnd ->
    [Strength] Сила
    [Dexterity] Ловкость
    [Intellect] Интеллект
    [Wisdom] Мудрость
    [Constitution] Телосложение
   *[Charisma] Харизма
}
h-points = Очки
h-order = Орден
h-country = Страна
h-size = Размер
h-secrecy = Секретность
h-known-also = Знают также
h-id = Код
h-player = Игрок
h-known = Знают
h-name = Название
h-influence-on = Влияние на
h-degree = Степень
h-pi = ПИ
order-secrecy = { $secrecy ->
    [underground] подпольный
    [partial] известен не всем
   *[public] общеизвестный
}
figure-secrecy = { $secrecy ->
    [underground] подпольная
   *[known] известна
}
nobody = никто
everybody = все
order-unknown-to-you = (орден, о котором вам неизвестно)
slot-every = { $n ->
    [1] каждый ход
   *[other] раз в { turns }
}
slot-free = свободно
slot-busy = занято до хода { $turn }
permanent-slot = перманентно: { $strategic }
outcome = { $outcome ->
    [success] успех
    [failure] неуспех
   *[disaster] провал (очень плохо)
}
result-difficulty = сложность: { $level }
result-total = итог { $total }: { outcome }
mod-style = стиль, { $direction }
mod-penalty = действие { $rank } из { $count } { $visibility ->
    [secret] тайных
   *[public] публичных
} ({ $entity })
penalty-entity = { $entity ->
    [country] страна
    [underground] подпольный орден
    [partial] орден, известный не всем
    [public] общеизвестный орден
    [undergroundFigure] подпольная фигура
   *[figure] фигура
}
mod-size = масштаб { $scale } при РР { $rr }
mod-scale = масштаб
mod-age = возраст { years }
mod-influence = влияние { $id } ({ $who })
mod-permanent = перманентное влияние ({ $who })
mod-gm = ведущий
mod-hidden-influence = влияние (чьё — вам неизвестно)
action-scale = масштаб { $level }
action-step = шаг стратегического действия { $id }
action-new-strategic = новое стратегическое действие { $id }
action-gain = усиление влияния на «{ $order }»
influence-own = { $action } { $who }: { $sign } { $target }, степень { $degree }{ $roll } → модификатор { $value }
pi-line = { $figure } — { $on }: ПИ { $change }, { pi-reason }{ $roll } → ПИ { $pi }{ $degree }
pi-degree = ; степень { $from } → { $to }
pi-reason = { $reason ->
    [positive-success] поддержка успешного действия
    [negative-failure] противодействие неуспешному действию
    [negative-disaster] противодействие провалившемуся действию
    [gain] действие «усилить влияние»
    [idle] ход без влияния: −(1+FD)
   *[no-effect] влияние без последствий
}
progress-other = { $id }{ $goal }: продвижение { $value }
progress-own = { $id }{ $goal }, ход { $turn }: 1dF { $die }{ $mods } → продвижение { $value }
strategic-done-other = { $id }{ $goal }: итог { $value } ({ outcome })
strategic-done-own = { $id }{ $goal }: { $turns } при оценке { $estimate }, модификатор времени { $time }; { $dice }; сумма продвижения { $sum }; { $formula } = { $value } — { outcome }
strategic-mode-ask-time = время оценивает ведущий: { $estimate }
strategic-mode-ask-difficulty = время назвал игрок, сложность — ведущего: { $estimate }, сложность { $difficulty }
strategic-planned = ; запланировано { $turns }
strategic-status = { $status ->
    [done] { status-done }
    [abandoned] { status-abandoned }
   *[active] выполняется
}
turn-value = ход { $turn }: { $value }
growth-part = { $part ->
    [die] FD
    [area-population] (площадь − население)
    [gnp] ВНП
    [stability] стабильность
    [gm] модификаторы
   *[carried] ПП прошлого хода
}
population-same = население без изменений: { $level }
population-change = население { $from } → { $to }
growth-line = { $country }: ПП = { $parts } = { $pp }; { $population }; ПП на следующий ход { $carried }
age-line = { $figure }: { years }, модификатор возраста { $modifier }
secrecy-roll = { " " }(бросок к100: { $roll } при { $chance }%)
secrecy-learnt = Вы узнали о существовании { $entity ->
    [order] ордена
   *[figure] фигуры
} «{ $name }» ({ $where }).
secrecy-kept = { $name }: секретность сохранена{ $roll }.
secrecy-known = { $name }: { $change }теперь о { $entity ->
    [order] нём
   *[figure] ней
} { $count ->
    [one] знает
   *[other] знают
} также: { $who }{ $roll }.
adjust-party = партия { $name }
adjust-religion = религия { $name }
adjust-size = размер
adjust-degree = степень влияния
adjust-influentiality = влиятельность

## Style checks (style.ts)

style-not-level = { $direction }: { $value } — не уровень шкалы FUDGE (−3 … +3)
style-sum = сумма очков по всем направлениям { $sum }, а по абсолютной величине она не должна превышать { $max }
style-exception = { $count ->
    [1] одно направление
    [one] { $count } направление
    [few] { $count } направления
   *[many] { $count } направлений
} с ±{ $value }
style-or = { " либо " }
style-beyond = очки вне −{ $max } … +{ $max } допустимы только так: { $allowed }; здесь: { $list }

## Order lines for the next stage (view.ts examples)

example-country = Страна публично, Мудрость: построить библиотеку
example-order = { $order } тайно, Агрессивность, масштаб { $scale } — захватить порт
example-strategic = Страна, стратегическое, Интеллектуальность, сколько времени? — изобрести порох
example-order-turns = { $order } публично, Мудрость, за 3 хода — осушить болота
example-continue = Продолжить { $id }
example-abandon = Отказаться от { $id }
example-support = { $figure } тайно, поддержать { $id }
example-oppose = { $figure }: против { $id }
example-figure = { $figure } публично, Коммуникативность: провести переговоры
# The target named with its kind ("на орден «…»"): a name in quotes after a preposition needs the noun before it.
example-gain = { $figure }: усилить влияние на { $kind ->
        [country] страну
       *[order] орден
    } «{ $order }»

## The GM’s worksheet and adjustments (gm.ts)

gm-word-country = страна
gm-word-order = орден
gm-word-figure = фигура
gm-word-secret = тайно
gm-word-public = публично
gm-word-ordinary = обычное действие
gm-word-step = ход стратегического действия
gm-word-new-strategic = начало стратегического действия
gm-word-influence = действие влияния
gm-word-gain = увеличить влияние
gm-gain-what = увеличение влияния — { $target }
gm-word-support = поддержка
gm-word-oppose = противодействие
gm-word-style = стиль
gm-word-penalty = число действий
gm-word-size = размер
gm-word-age = возраст
gm-word-permanent = перманентное влияние
gm-word-ask-time = игрок просит оценку времени
gm-word-ask-difficulty = игрок называет срок и просит сложность
gm-word-abandoned = игрок отказался от действия на этом ходу

gm-error-unknown = «{ $id }»: нет такого решения. Поправки ведущего: set:<страна>.<атрибут>, set:<страна>.party.<партия>, set:<страна>.religion.<религия>, style:<страна>.<направление>, style:<страна> «aggression=+1 wisdom=-1», size:<орден>, secrecy:<орден|фигура>, degree:<фигура>.<орден>, influentiality:<фигура>
gm-error-level = «{ $raw }»: нужен уровень шкалы FUDGE (−3 … +3 или Ужасно … Превосходно)
gm-error-size = размер ордена ({ $v }) не может превышать размера страны — её площади ({ $area })
gm-error-style = стиль { $country } не принят: { $problems }. Несколько направлений сразу: DECIDE style:{ $country } aggression=+1 wisdom=-1
gm-error-style-syntax = «{ $raw }»: нужно «направление=значение …», например aggression=+1 wisdom=-1
gm-error-secrecy-order = «{ $raw }»: underground, partial, public или id игрока, который узнаёт об ордене
gm-error-secrecy-figure = «{ $raw }»: underground, known или id игрока, который узнаёт о фигуре
gm-error-public-partial = об ордене { $id } уже знают все: частичной известность не сделать
gm-error-knows = игрок { $player } уже знает о { $id }
gm-error-orders = влиятельность { $v } даёт влияние не более чем на { $max ->
    [one] { $max } орден
    [few] { $max } ордена
   *[many] { $max } орденов
}, а у { $figure } их { $n }

gm-ask-difficulty = сложность действия { $who }
gm-ask-scale = масштаб действия { $who } (РР { $rr })
gm-ask-mod = ситуативный модификатор { $who }
gm-ask-time = оценка времени N (в ходах) для { $who }
gm-ask-strategic-difficulty = сложность стратегического действия { $who } за { turns }
gm-ask-growth = модификаторы прироста населения страны { $country }
gm-mod-size = размер (РР { $rr }, масштаб { $scale })
gm-no-default = нет — нужен ответ
gm-certain = наверняка
gm-growth-formula = FD + (площадь { $area } − население { $population }) + ВНП { $gnp } + стабильность { $stability } + модификаторы + прошлый ПП { $growth }
gm-figure-secrecy = { $secrecy ->
    [underground] подпольная
   *[known] известная
}

## The end of the game: the final countries (reveal.ts)
reveal-country = { $country } (игрок { $player }): { $attrs }
