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
