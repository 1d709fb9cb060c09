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
