# What the judge answers a GM's block (src/engine/gm-inputs.ts), for every kind: the same ids in en, cs and ru.
# $name is a parameter.

gm-echo-usage = формат: DECIDE <id> <значение> | NARRATIVE <цель> <текст> | BULLETIN <текст> | ROLL <кости> [подпись] | HOLD | RELEASE | WORKSHEET | PREVIEW
gm-echo-unknown-decision = в этой фазе нет решения «{ $id }»
gm-echo-unknown-target = нет действия или исхода «{ $id }» для описания
gm-echo-decided = решено: { $ask } = { $value }
gm-echo-cleared = ответ отозван; действует значение по умолчанию: { $value }
gm-echo-none = нет (нужен ответ)
gm-echo-narrative = описание для { $id } записано
gm-echo-narrative-cleared = описание для { $id } удалено
gm-echo-bulletin = новости записаны (их получат все игроки)
gm-echo-bulletin-cleared = новости удалены
gm-echo-rolled = скрытый бросок (видите только вы)
gm-echo-not-a-roll = "{ $spec }": не бросок костей (4dF, 3d6+2, gauss20, 5dS …)

# The answers to HOLD, RELEASE, WORKSHEET, PREVIEW and the open-decision summary (src/engine/gm-loop.ts).
gm-control-hold = задержано: фаза ждёт RELEASE (или срока ведущего)
gm-control-release = отпущено: фаза будет обработана при следующем запуске
gm-control-release-missing = нельзя отпустить: нет ответа и значения по умолчанию для
gm-control-worksheet = рабочий лист отправлен ещё раз
gm-control-preview = предварительный итог отправлен (игрокам ничего не уходит)
gm-control-not-open = игроки ещё отдают приказы; фаза пока не ждёт ведущего
gm-control-processed = фаза обработана; исправить можно через `judge rerun --gm`
gm-control-still = ещё открыто
gm-control-must-answer = без значения по умолчанию (нужен ответ)
gm-control-with-default = со значением по умолчанию (примется, если промолчите)
gm-control-all-in = все решения приняты

# The answers to the GM's commands that run the game (src/mail/inbound/gm-mail.ts).
gm-cmd-unknown = неизвестная команда ведущего «{ $word }» (STATUS, PROCESS, EXTEND <срок>, PAUSE, RESUME, RESEND <игрок> [фаза], ORDERS <игрок>, REPLACE <игрок> <адрес> [имя], EJECT <игрок>, UNLOCK <игрок или адрес>, RERUN <фаза> [<игрок> и его приказы на следующих строках, до строки ---], END, DECIDE <id> <значение>, NARRATIVE <цель> <текст>, BULLETIN <текст>, ROLL <кубики> [подпись], HOLD, RELEASE, WORKSHEET, PREVIEW, APPROVE <номер>, DENY <номер> | НЕПОДТВЕРЖДЁННЫЕ, START)
# How to write a GM command whose arguments are wrong, keyed on the command (gm-mail.ts, gm-seats.ts).
gm-cmd-usage = пишите так: { $cmd ->
        [extend] ПРОДЛИТЬ <24h | 30m | 2d>
        [resend] ПОВТОРИТЬ <игрок> [фаза]
        [orders] ПРИКАЗЫ <игрок>
        [replace] ЗАМЕНИТЬ <игрок> <новый адрес> [имя]
        [eject] ИСКЛЮЧИТЬ <игрок>
        [unlock] РАЗБЛОКИРОВАТЬ <игрок> | РАЗБЛОКИРОВАТЬ <адрес>
        [rerun] ПЕРЕСЧИТАТЬ <фаза> [<игрок>]
        [end] КОНЕЦ ИГРЫ
        [approve] ОДОБРИТЬ <номер>
        [deny] ОТКЛОНИТЬ <номер> | ОТКЛОНИТЬ НЕПОДТВЕРЖДЁННЫЕ
       *[start] НАЧАТЬ
    }
gm-cmd-processing = будет обработано, как только это письмо сохранится; отчёты придут следом (а если не выйдет — письмо)
gm-cmd-processed = фаза { $phase } обработана; открыта фаза { $next }
gm-cmd-deadline = новый срок: { $deadline }
gm-cmd-paused = пауза: сроки не идут, игрокам сообщено
gm-cmd-resumed = игра продолжается
gm-cmd-resumed-deadline = игра продолжается; срок: { $deadline }
gm-cmd-queued = отчёт отправлен
gm-cmd-no-orders = приказов пока нет
gm-cmd-replaced = позицию { $player } теперь ведёт адрес { $email }; судья отправил новому игроку пароль и позицию в нынешнем виде и известил прежнего
gm-cmd-ejected = { $player } выбывает: приказы больше не принимаются, отчёты не отправляются
gm-cmd-unlocked = { $who }: { $count ->
    [one] { $count } неверный пароль больше не считается
    [few] { $count } неверных пароля больше не считаются
   *[many] { $count } неверных паролей больше не считаются
}; блокировка снята
gm-cmd-rerunning = фаза { $phase } и все последующие будут пересчитаны, как только это письмо сохранится; все игроки получат исправленные отчёты (а вы — письмо, если не выйдет)
gm-cmd-ended = игра окончена: все игроки и вы получите итоговое письмо с результатом
gm-cmd-failed-subject = [{ $game }] { $command }: не вышло
gm-cmd-failed-body = Ваша команда { $command } по почте для игры { $title } ({ $game }) не выполнена: { $reason }
gm-cmd-rerun-done-subject = [{ $game }] RERUN { $phase } выполнен
gm-cmd-rerun-done = фаза { $phase }: { $same ->
    [yes] состояние то же
   *[no] состояние ИЗМЕНИЛОСЬ
}
gm-status-state = { $status ->
    [signup] идёт запись
    [active] идёт
    [paused] на паузе
   *[over] окончена
}
gm-status-phase = фаза { $phase } ({ $label }); срок: { $deadline }
gm-status-no-deadline = нет
gm-status-waiting = ждёт ведущего с { $since }; срок ведущего: { $deadline }
gm-status-hold = ЗАДЕРЖАНО (HOLD)
gm-status-released = ОТПУЩЕНО (RELEASE)
gm-status-open = открытые решения: { $list }
gm-status-in = приказы прислали: { $list }
gm-status-missing = приказов нет от: { $list }
gm-status-nmr = пропусков подряд: { $count }
gm-err-no-player = игрока «{ $player }» нет
gm-err-rerun-attachment = вложений: { $count }; назовите файл с приказами игрока «{ $player }» его именем ({ $player }.txt) или напишите приказы в строках после ПЕРЕСЧИТАТЬ до строки ---
gm-err-no-phase = открытой фазы нет
gm-err-no-such-phase = фазы { $phase } нет
gm-err-not-active-paused = игра на паузе
gm-err-not-active-over = игра окончена
gm-err-not-active-signup = игра ещё не началась (идёт запись)
gm-err-not-paused = игра не на паузе
gm-err-over = игра уже окончена
gm-err-not-processed = фаза { $phase } не обработана
gm-err-no-gm = у игры нет адреса ведущего
gm-err-address = «{ $email }» — не адрес электронной почты
gm-err-duration = «{ $text }» — не срок (24h, 30m, 2d)
gm-err-bad-name = в имени есть знак, меняющий направление письма (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C)
gm-err-waits = фаза { $phase } ждёт ваших решений: { $list }
gm-err-lines = { $lines }
gm-err-internal = у судьи своя ошибка (она записана в его журнал)
# The answers to EXTEND <duration> (src/mail/inbound/gm-extend.ts); $days is the most a game takes (365).
gm-extend-usage = формат: EXTEND <срок>, например EXTEND 24h
gm-extend-form = «{ $text }» — не срок (например 24h, 2d, 1h30m)
gm-extend-zero = «{ $text }» — не положительный срок
gm-extend-long = «{ $text }» длиннее { $days ->
    [one] { $days } дня
   *[other] { $days } дней
} — больше игра не использует
gm-extend-past = срок не изменён: новый срок { $deadline } уже прошёл (сейчас { $now }); продлите на большее время
gm-extend-far = срок не изменён: новый срок { $deadline } дальше чем на { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[many] { $days } дней
} вперёд
gm-extend-done = новый срок { $deadline }

## Рабочий лист ведущего, запрошенный до срока игроков или для обработанной фазы (worksheet.hbs)

worksheet-ordering = Игроки игры { $title } ({ $game }) ещё пишут приказы на этап: { $label }{ $deadline ->
    [none] {""}
   *[other] {" "}(до { $deadline })
}.
    Этот лист показывает заявленное на сейчас; решения будут запрошены
    после их срока.
worksheet-processed = Игра { $title } ({ $game }), { $label }: уже обработано. Это рабочий лист в том виде, в каком он был решён.
