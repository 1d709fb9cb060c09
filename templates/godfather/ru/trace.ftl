# Ход разрешения в отчёте ведущего (src/games/godfather/trace-text.ts): шаги приоритета
# и что сделал каждый. Игроки названы своими id (как в таблице ведущего), действия —
# своими названиями, фракции — своими id.

trace-over = игра окончена
trace-period = Период { $t } (день { $day }, { $slot ->
    [0] 09–15
    [1] 15–21
   *[2] ночь
  })
trace-step = [{ $step }]

## Шаги приоритета (resolve.ts, STEPS)

trace-step-collect = действия: приказы, действие лидера, доверенности, шантаж
trace-step-earlier-blocks = блокировки, действующие с прошлых периодов
trace-step-block-force = блокировки: какие блокировки, защиты и перенаправления имеют силу (у заблокированного игрока — никакие)
trace-step-shields = блокировки: защиты
trace-step-redirects = блокировки: перенаправления
trace-step-blocks = блокировки
trace-step-stats = воздействия на ВО/ТВ
trace-step-other = воздействия на ВО/ТВ: тюрьма, сила голоса, длительные эффекты
trace-step-checks = проверки
trace-step-poison = отравление
trace-step-heal = лечение
trace-step-poison-death = смерть от отравления
trace-step-factions = действия фракций (приглашение, смещение, выход, исключение, вступление)
trace-step-messages = сообщения (анонимные, способности чтения)
trace-step-ballots = голоса о тюрьме
trace-step-idle = бездействие
trace-step-end-of-day = конец дня: неголосование, голосование о тюрьме, долги, пороги тюрьмы
trace-step-gm = рассказ и бюллетень ведущего

## Действия периода

trace-act = #{ $n } { $actor }: «{ $action }»{ $via } → { $targets }: { $status }{ $blockClass ->
    [1] {" "}[класс блокировок]
   *[other] {""}
  }
trace-via-leader = действие лидера
trace-via-proxy = по доверенности
trace-via-trick = хитрость
trace-via-forced = по шантажу
trace-status-ok = в силе
trace-status-blocked = заблокировано
trace-status-failed = не выполняется
trace-unavailable = #{ $n } { $actor }: «{ $action }» невозможно: { $problem }
trace-proxy-void = #{ $n } { $actor }: действие игрока { $member } «{ $action }» не выполняется так, как приказано: { $problem } (сказано лишь, что не подошло)
trace-blackmail = { $player }: шантаж применён
trace-blackmail-void = { $player }: шантаж ни к чему не привёл: «{ $action }» сейчас не { $playerGender ->
    [f] её
   *[m] его
  } ход (не сообщается)

## Блокировки, защиты, перенаправления

trace-blocked-earlier = #{ $n } { $actor }: «{ $action }» заблокировано (блокировка прошлого периода)
trace-blocked-no-force = #{ $n } { $actor }: «{ $action }» заблокировано, силы не имеет
trace-blocked = #{ $n } { $actor }: «{ $action }» заблокировано
trace-block-cycle = круг блокировок: { $acts } — все в силе
trace-shield = #{ $n } { $actor }: «{ $action }» → { $targets }
trace-redirect = #{ $n } перенаправляет #{ $m }: { $from } → { $to }
trace-lighthouse = #{ $n } «{ $action }»: цели #{ $m } теперь { $targets }
trace-block-stopped = #{ $n }: блокировка, цель { $target }, не прошла: { $why }
trace-act-stopped = #{ $n } «{ $action }», цель { $target }: не прошло: { $why }

## Почему воздействие не прошло (blocks.ts, shieldOf), почему в тюрьму или из неё

trace-why-dead = цель мертва
trace-why-absent = цель отсутствует
trace-why-lamp = лампада с китовым жиром
trace-why-guard = фракционная защита
trace-why-home = «Мой дом — тюрьма»
trace-why-hounds = охотничьи собаки
trace-why-tasting = ночная дегустация вина
trace-why-armed = вооружённые рабы
trace-why-gossip = Сплетник неуязвим к потере больше 1 ВО от игроков вне своей фракции
trace-why-immune = защита от тюрьмы
trace-why-shield = защита от отравлений
trace-why-poisoned = цель уже отравлена
trace-why-execution = казнь
trace-why-vote = голосование
trace-why-debt = долг
trace-why-low-vo = ВО ≤ -6
trace-why-high-vo = ВО ≥ 6

## ВО и ТВ

trace-stat-vo = ВО
trace-stat-tv = ТВ
trace-change = { $target }: { $stat } { $delta }{ $temp ->
    [1] {" "}(временно)
   *[other] {""}
  }{ $by ->
    [none] {""}
   *[other] {" "}(источник: { $by })
  } → { $value }
trace-change-stopped = { $target }: { $stat } { $delta }{ $by ->
    [none] {""}
   *[other] {" "}(источник: { $by })
  } не прошло: { $why }
trace-wrath-earlier = Божья кара отвечает: { $by } → { $target }, { $stat } { $delta } раньше в этот же день или ночь
trace-temp-ends = { $target }: временное { $stat } { $delta } закончилось
trace-swap = #{ $n } «{ $action }»: { $a } { $da } ⇄ { $b } { $db }

## Тюрьма, отравление, переговоры

trace-prison = { $player }: в тюрьму ({ $why })
trace-prison-act = { $player }: в тюрьму («{ $action }»)
trace-released = { $player }: из тюрьмы ({ $why })
trace-released-act = { $player }: из тюрьмы («{ $action }»)
trace-poison-failed = #{ $n }: отравление, цель { $target }, не прошло: { $why }
trace-poisoned = { $player }: { $playerGender ->
    [f] отравлена
   *[other] отравлен
  }
trace-execution-stopped = { $player }: казнь остановил тюремщик
trace-executed = { $player }: казнь (тюрьма и отравление)
trace-healed = { $player }: { $playerGender ->
    [f] вылечена
   *[other] вылечен
  }
trace-poison-death = { $player }: умирает от отравления
trace-end-day = переговоры: последний день { $before } → { $after }

## Фракции и сообщения

trace-faction-dissolved = фракция { $faction } распалась
trace-faction-disbanded = фракция { $faction } распущена
trace-invitation = приглашение: { $player } → { $target }
trace-displace = { $player } смещает лидера { $leader }, фракция { $faction }
trace-displace-failed = { $player } не { $playerGender ->
    [f] смогла
   *[other] смог
  } сместить лидера { $leader }, фракция { $faction }
trace-join = { $player } вступает во фракцию { $faction } (лидер { $leader })
trace-anon = анонимное сообщение №{ $no } опубликовано
