# The judge's common mails in Russian: every phrase that agrees with a player's
# grammatical gender ($gender: f | m) or with a number (plural forms by the CLDR
# rules: one 1, 21; few 2–4, 22–24; many 0, 5–20, 25…). The templates use them
# as {{t "id" name=value …}}; a game kind may override any of them in
# templates/<kind>/ru/*.ftl, a GM in a JUDGE_TEMPLATES copy. The GM's own gender
# is unknown: no message here agrees with it.

## Acknowledgements (ack.hbs)

# Subject: how many lines were refused / could not be decoded.
ack-errors = { $count ->
    [one] не принята { $count } строка
    [few] не приняты { $count } строки
   *[many] не принято { $count } строк
}
ack-mangled = { $count ->
    [one] { $count } нечитаемая строка
    [few] { $count } нечитаемые строки
   *[many] { $count } нечитаемых строк
}
# The "Player:" label of the heading, colon included (a player of either gender is «игрок»).
ack-player = Игрок:
ack-replaced = Эти приказы ЗАМЕНЯЮТ приказы, присланные вами ранее на эту фазу

## Answers to unreadable mail, help and list (error.hbs, help.hbs, list.hbs)

# "This is the last of the N replies your address gets today" (из + genitive).
reply-budget-last = Это последний из { $limit ->
    [one] { $limit } ответа
   *[many] { $limit } ответов
}
# A game's state in LIST (the games' status codes).
list-status = { $status ->
        [paused] пауза
        [signup] запись
        [over] окончена
       *[active] идёт
    }
list-players = { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[many] { $count } игроков
}

## Missed phases (notice-abandoned.hbs)

# "for N phases in a row" (accusative of duration).
missed-phases = { $missed } { $missed ->
    [one] фазу
    [few] фазы
   *[many] фаз
} подряд
abandoned-subject = Позиция { $player }: нет приказов { missed-phases }
abandoned-gm = { $name } ({ $player }, { $email }) не { $gender ->
    [f] присылала
   *[m] присылал
} приказов { missed-phases } в игре { $title } ({ $game }).
abandoned-gm-back = Приказы, которые { $gender ->
    [f] она пришлёт
   *[m] он пришлёт
} до этого, возвращают позицию в игру.
abandoned-player = От вас нет приказов { missed-phases } в игре { $title } ({ $game }), поэтому ведущий может передать вашу позицию другому игроку.

## A player removed by the GM (notice-ejected.hbs)

ejected-subject = { $player } { $gender ->
    [f] выбыла
   *[m] выбыл
} из игры
ejected-body = { $name } ({ $player }) { $gender ->
    [f] исключена
   *[m] исключён
} из игры { $title } ({ $game }).

## A position handed over (notice-replaced.hbs)

replaced-password = Судья отправил { $gender ->
    [f] ей
   *[m] ему
} пароль и позицию такой, какая она сейчас.

## A new address to confirm (notice-confirm-address.hbs)

confirm-if-you = Если это были вы, пришлите с ЭТОГО адреса блок со строкой

## Wrong passwords (notice-locked.hbs, to the GM)

wrong-passwords = { $count ->
    [one] { $count } неверный пароль
    [few] { $count } неверных пароля
   *[many] { $count } неверных паролей
}
# "in N hours" (за + accusative).
in-hours = за { $hours } { $hours ->
    [one] час
    [few] часа
   *[many] часов
}
# Аннулированные коды для нового пароля (notice-reset-voided.hbs): «после N неверных кодов» (после + родительный).
after-wrong-codes = после { $count } { $count ->
    [one] неверного кода
   *[other] неверных кодов
}

# Прогноз в подтверждении приказов (issue #33; Rules.forecast, src/mail/inbound/forecast.ts).
ack-forecast-title = ПРОГНОЗ (не результат): что сделали бы эти приказы
ack-forecast-assumption = При условии, что остальные игроки бездействуют (не присылают приказов) и кости не бросаются (вместо бросков указаны шансы). Что будет на самом деле, решат приказы остальных и кости.
ack-forecast-switch = Строка ПРОГНОЗ ВЫКЛ в блоке отключает прогноз (ПРОГНОЗ ВКЛ включает снова).
# Подтверждение, приказы которого снова меняет более позднее письмо того же прогона (src/mail/inbound/forecast-release.ts).
ack-forecast-later = Здесь его нет: ваше более позднее письмо «{ $subject }» снова меняет эти приказы, и прогноз приказов, какими они тогда станут, — в ответе на него.
ack-forecast-later-untitled = Здесь его нет: ваше более позднее письмо (без темы) снова меняет эти приказы, и прогноз приказов, какими они тогда станут, — в ответе на него.
ack-forecast-gone = Его нет: фаза была обработана раньше, чем ушёл этот ответ; что сделали ваши приказы, говорит её отчёт.
## A new deadline: the GM's list of reminders it leaves without their time (notice-deadline.hbs)

hours-before-deadline = за { $hours } { $hours ->
    [one] час
    [few] часа
    [many] часов
   *[other] часа
} до срока

## The judge not run for a while (notice-judge-down.hbs, to the GM)

# "N hours" as a length of time (не запускался 1 час, 2 часа, 5 часов).
hours-span = { $hours } { $hours ->
    [one] час
    [few] часа
   *[many] часов
}

## The start of a position (start.hbs, start-gm.hbs; the kinds' report.hbs with start)

start-help-heading = == КАК ПИСАТЬ ПРИКАЗЫ ==
start-position = Ваша позиция в начале; сейчас ждут приказов на этап: { $label }.
start-position-gm = Позиция в начале (всё); сейчас ждут приказов на этап: { $label }.
# The subject of the position without the start mail's own part (RESEND before the first turn)
start-subject = [{ $game }] { $title }: ваша позиция { $player }
start-subject-gm = [{ $game }] { $title }: позиция в начале

## The result in a final mail (the kinds' public.hbs and report.hbs with final): the game is over, nothing is due

final-after = Итоговое положение после этапа: { $label }.
final-start = Итоговое положение: ни один этап не был обработан.
