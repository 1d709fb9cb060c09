# Прогноз в подтверждении приказов (issue #33, src/games/godfather/forecast-text.ts): что сделали бы
# ваши приказы, если остальные ничего не делают.

forecast-note = Учтены только ваши приказы. Защиты, блокировки и ответные действия других игроков — их тайна: изменения ВО и ТВ указаны такими, какими их даёт таблица действия, если цель не защищена.
forecast-acts = Действия
forecast-vote-title = Голосование о тюрьме
forecast-act = строка { $line }: { $action }{ $targets }
forecast-act-ok = будет выполнено, если вас не заблокируют
forecast-act-failed = не будет выполнено: { $why }
forecast-cost-main = займёт ваше действие { $half ->
    [night] этой ночи
   *[day] этого дня
  }
forecast-cost-extra = дополнительное действие: ваше действие { $half ->
    [night] этой ночи
   *[day] этого дня
  } не занимает
forecast-cost-free = не занимает действие дня или ночи
forecast-cooldown = после него снова доступно через { $hours } ч
forecast-once = только раз за игру
forecast-effect = по таблице: { $text }
forecast-changes = изменения: { $list }
forecast-change = { $player } { $stat } { $delta }{ $temp ->
    [0] {""}
   *[other] {" "}(временно)
  }
forecast-blocked = если вас заблокируют: действие не сработает, но засчитается как ход, и его откат пойдёт
forecast-unblockable = заблокировать это действие нельзя
forecast-idle = ВНИМАНИЕ: вы ещё не действовали { $half ->
    [night] этой ночью
   *[day] сегодня
  } и в этих приказах нет действия, которое засчитается: без него штраф −2 ВО и −2 ТВ и порицание ведущего
forecast-vote = голос за { $target } засчитается: сила { $strength }
forecast-vote-carries = вы несёте и голос: { $list }
forecast-vote-not-listed = голос за { $target } не засчитается: этого игрока нет в списке
forecast-vote-cannot = голос за { $target } не засчитается: сейчас вы не можете голосовать
forecast-vote-change-used = голос за { $target } не засчитается: менять решение можно лишь раз за игру
forecast-vote-none = вы ещё не голосовали сегодня: без голоса в 21:00 штраф −2 ВО и −2 ТВ и порицание ведущего
forecast-vote-prison = вы в тюрьме, но голосовать в тюрьме можно
forecast-vote-strip = силу голоса может тайно отнять чужое действие ({ $names }): об этом не сообщают
