# «Наследие крестного отца»: все тексты судьи для игроков и ведущего (Fluent, https://projectfluent.org).
# $…Gender — род игрока, о котором речь (m | f); числа выбирают форму множественного числа сами.

## Разбор приказов

unknown-order = непонятный приказ
unknown-action = неизвестное действие «{ $word }»
not-your-action = действие «{ $action }» вам недоступно
ambiguous-player = неясно, кто такой «{ $word }»: это может быть { $options }
ambiguous-action = неясно, какое действие «{ $word }»: это может быть { $options }
no-sign-choice = у действия «{ $action }» нет выбора знака: уберите «-»
unknown-player = неизвестный игрок «{ $word }»
extra-words = лишние слова: { $words }
targets-count = { $need ->
    [0] у этого действия нет целей, а названо { $got }
    [one] нужна { $need } цель, названо { $got }
    [few] нужны { $need } цели, названо { $got }
   *[other] нужно целей: { $need }, названо { $got }
  }
same-target = цели должны быть разными
no-self = рядовое действие нельзя направить на себя
target-dead = { $player } { $playerGender ->
    [f] выбыла
   *[m] выбыл
  } из игры
target-absent = { $player } отсутствует в игре (крещение индейцев)
target-not-prisoner = { $player } не в тюрьме
target-prisoner = { $player } в тюрьме
target-not-member = { $player } не член вашей фракции
need-choice-sign = укажите знак: + или -
need-choice-stat = укажите ВО или ТВ
need-choice-guard = укажите «казнь» или «тюрьма»
need-choice-action = укажите действие
need-choice-number = укажите номер анонимки
bad-anon = нет анонимки №{ $number }
wrong-half-day = это дневное действие, сейчас ночь
wrong-half-night = это ночное действие, сейчас день
need-faction = вы не состоите во фракции
need-no-faction = индивидуальное действие доступно только вне фракции
need-leader = вы не лидер фракции
need-vo = геройское действие требует ВО от 8 (у вас { $have })
need-tv = манипуляция требует ТВ от 12 (у вас { $have })
cooldown = действие снова доступно через { $hours } ч
once = это действие можно использовать лишь раз за игру
lost-action = вы лишены этого действия (кабальный договор)
already-acted = вы уже действовали { $half ->
    [night] этой ночью
   *[day] в этот день
  }
two-actions = второе действие { $half ->
    [night] за ночь
   *[day] за день
  }: одно действие за день и одно за ночь
in-prison = в тюрьме действовать нельзя
cannot-act = сейчас вы не можете действовать
dead = вы выбыли из игры
game-over = игра окончена
no-vote-now = голосование на посадку сейчас не идёт
not-candidate = { $player } не в списке голосования
vote-changed = менять решение можно лишь раз за игру
cannot-vote = сейчас вы не можете голосовать
night-only = фракционные действия только ночью
cannot-invite = приглашать может свободный игрок (или лидер) не в тюрьме и с ТВ > 0
too-many-invites = { $max ->
    [one] не больше { $max } приглашения за ночь
   *[other] не больше { $max } приглашений за ночь
  }
not-member = вы не состоите во фракции
not-your-member = { $player } не член вашей фракции
lair-role-only = логово выполняет только ролевые действия, тайное действие игрока { $member } через него не выполнить
lair-not-role-action = это не действие роли игрока { $member } («{ $role }»)
lair-nested = «{ $action }» само называет или выполняет другое действие: через логово его не выполнить
member-lost-action = { $member } { $memberGender ->
    [f] лишена
   *[m] лишён
  } этого действия (кабальный договор)
member-no-action = у игрока { $member } нет такого действия
self = нельзя указать себя
duplicate = этот приказ уже дан
not-your-feature = это не ваша особенность
free-used = уже использовано { $when ->
    [today] сегодня
   *[game] в этой игре
  }
bonus-late = бонус выбирают в начале игры (день 1, 09–15)
need-stat = укажите ВО или ТВ
msg-colon = текст сообщения пишут после двоеточия: ЛИЧНО Иван: текст
msg-empty = пустое сообщение
msg-unterminated = многострочное сообщение не закончено строкой «.»

## Отказы в пересылке сообщений

msg-dead = выбывшие игроки не пишут
msg-absent = вы отсутствуете в игре и не можете общаться
msg-to-dead = { $player } { $playerGender ->
    [f] выбыла
   *[m] выбыл
  } из игры
msg-to-absent = { $player } отсутствует в игре
msg-no-privates = вы лишены приватных сообщений
msg-limit = дневной лимит приватных сообщений ({ $max }) исчерпан
msg-anon-limit = анонимок в день не больше { $max }
msg-anon-none = вам анонимки не положены (настройка партии)
msg-to-self = нельзя писать себе

## Что понял судья (подтверждение приказов)

o-vote = Голос за посадку: { $player }
o-invite = Пригласить во фракцию: { $player }
o-accept = Принять приглашение: { $player }
o-leave = Выйти из фракции{ $named ->
    [yes] { " " }({ $player })
   *[no] {""}
  }
o-expel = Исключить из фракции: { $player }
o-displace = Сместить лидера фракции{ $named ->
    [yes] { " " }({ $player })
   *[no] {""}
  }
o-read = Вскрыть 3 следующих привата: { $player }
o-eavesdrop = Подслушать: { $player }
o-endday = Узнать день окончания переговоров
o-bonus = Тайный бонус: +2 { $stat }
o-leader = Действие лидера: { $member } — { $action }
o-trick = Хитрость: { $action }
o-his-action = { $playerGender ->
    [f] её
   *[m] его
  } { $kind ->
    [day] дневное рядовое действие
    [night] ночное рядовое действие
    [ordinary] рядовое действие (дневное или ночное — как выпадет ход)
    [individual] индивидуальное действие
    [faction] фракционное действие
    [hero] геройское действие
    [manipulation] манипуляцию
   *[secret] тайное действие (дневное или ночное — как выпадет ход)
  }
o-member-action = { $memberGender ->
    [f] её
   *[m] его
  } { $kind ->
    [secret] тайное { $half ->
        [night] ночное
       *[day] дневное
      } действие
   *[ordinary] рядовое действие (по роли — { $action })
  }
o-member-role-action = { $memberGender ->
    [f] её
   *[m] его
  } { $kind ->
    [day] дневное действие
    [night] ночное действие
    [individual] индивидуальное действие
    [faction] фракционное действие
    [hero] геройское действие
    [manipulation] манипуляция
   *[named] действие
  } (по роли — { $action })
o-msg-private = Личное сообщение → { $to } ({ $n } зн.)
o-msg-anonymous = Анонимка ({ $n } зн.)
o-msg-public = Сообщение всем ({ $n } зн.)
c-execution = защита от казни
c-prison = иммунитет к тюрьме
c-jail = посадить
c-free = выпустить

## Итоги действий (лично игроку)

r-done = выполнено
r-blocked = заблокировано
r-no-effect = без результата
r-failed = не выполнено: { $why }
r-target-gone = цель недоступна
r-replaced-blackmail = не выполнено: вас шантажируют, вместо него сделан навязанный ход
r-proxy-void = не выполнено, ход потрачен: у игрока { $member } сейчас нет такого действия, или названные цели и выбор ему не подходят
r-gm = решение ведущего: { $text }
r-gm-none = ведущий не вынес решения: без результата
via-leader = действие лидера
via-proxy = за члена фракции
via-trick = хитрость
via-forced = по шантажу
leader-action = Действие лидера

## Сообщения ведущего (лично)

n-blocked-you = Ваши действия заблокированы
n-invited = { $player } приглашает вас во фракцию (ПРИНЯТЬ { $player } этой или следующей ночью)
n-invite-declined = Вы состоите во фракции: приглашение от игрока { $player } отклонено автоматически
n-invite-sent = Приглашение отправлено: { $player }
n-invite-blocked = Приглашение не отправлено (составы фракций заморожены)
n-joined = Вы вступили во фракцию { $faction }
n-member-joined = { $player } { $playerGender ->
    [f] вступила
   *[m] вступил
  } во фракцию { $faction }
n-founded = Создана фракция { $faction }, вы её лидер
n-accept-failed = Вступить во фракцию игрока { $player } не удалось
n-left = Вы покинули фракцию { $faction }
n-member-left = { $player } { $playerGender ->
    [f] покинула
   *[m] покинул
  } фракцию { $faction }
n-expelled = Вас исключили из фракции { $faction }
n-member-expelled = { $player } { $playerGender ->
    [f] исключена
   *[m] исключён
  } из фракции { $faction }
n-leave-failed = Покинуть фракцию нельзя: { $why }
n-expel-failed = Исключить игрока { $player } нельзя: { $why }
n-leave-attempt = { $player } { $playerGender ->
    [f] пыталась
   *[m] пытался
  } покинуть вашу фракцию
n-expel-attempt = Вас пытались исключить из фракции
n-leader = Вы теперь лидер фракции { $faction }
n-new-leader = Новый лидер фракции { $faction }: { $player }
n-displaced = Вас сместили: лидер фракции { $faction } теперь { $player }
n-displace-won = Вы сместили лидера фракции { $faction }
n-displace-lost = Сместить лидера не удалось
n-dissolved = Фракция { $faction } распалась
n-character-revealed = Вашу тайную роль вскрыли
n-leadership-lost-prison = Вы в тюрьме и больше не лидер фракции { $faction }
n-end-day = Переговоры сейчас заканчиваются утром дня { $day }
n-bonus = Ваш тайный бонус: +2 { $stat }
n-forced = Вас шантажируют: ваш ход навязан
n-watch-set = { $n ->
    [one] Следующее { $n } приватное сообщение игрока { $player } будет вскрыто для вас
    [few] Следующие { $n } приватных сообщения игрока { $player } будут вскрыты для вас
   *[other] Следующие { $n } приватных сообщений игрока { $player } будут вскрыты для вас
  }
n-no-privates = Вы лишены приватных сообщений
n-vote-change-ignored = Голос не изменён: менять решение можно лишь раз за игру
why-frozen = составы фракций заморожены
why-loyal = Преданный связан трое суток
why-loyal-leader = фракцию Преданного нельзя покинуть трое суток
why-wait = с вступления не прошло двух циклов
why-one-a-day = исключать можно не более одного в сутки
why-loyal-target = Преданного нельзя исключить трое суток

## Что узнал игрок

l-nobody = никого
l-nobody-to = никому
l-none = нет
l-character = Тайная роль игрока { $player }: { $character }
l-stats = { $player }: ВО { $vo }, ТВ { $tv } (со всеми бонусами)
l-factions = Составы фракций: { $list }
l-faction-item = фракция { $faction } (лидер { $leader }: { $members })
l-no-factions = фракций нет
l-all-tv = ТВ всех: { $list }
l-in-faction = { $player } { $yes ->
    [yes] состоит
   *[no] не состоит
  } во фракции
l-same-faction = { $a }: { $aIn ->
    [yes] во фракции
   *[no] вне фракций
  }; { $b }: { $bIn ->
    [yes] во фракции
   *[no] вне фракций
  }; в одной фракции: { $same ->
    [yes] да
   *[no] нет
  }
l-targets-of = { $player } { $playerGender ->
    [f] воздействовала
   *[m] воздействовал
  } на: { $list }
l-strikeback = { $player } { $playerGender ->
    [f] воздействовала
   *[m] воздействовал
  } на: { $list }; на { $playerGender ->
    [f] неё
   *[m] него
  } воздействовали: { $actors }
l-secret-log = Тайные действия за сутки: { $list }
l-priv-counts = { $player } { $playerGender ->
    [f] писала
   *[m] писал
  } приваты: { $list }
l-author = Автор анонимки №{ $no }: { $player }
l-author-unknown = Автора анонимки №{ $no } узнать не удалось
l-faction-targets = Члены вашей фракции воздействовали: { $list }
l-eavesdrop-none = Подслушать игрока { $player } не удалось

## Общий отчёт

faction-name = №{ $n }
anon-no = №{ $no }
st-free = на свободе
st-prison = в тюрьме
st-dead = { $gender ->
    [f] убита
   *[m] убит
  }
st-poisoned = { $gender ->
    [f] отравлена
   *[m] отравлен
  }
st-absent = отсутствует
p-reprimand-action = Порицание ведущего: { $player } { $playerGender ->
    [f] бездействовала
   *[m] бездействовал
  } (-2 ВО, -2 ТВ)
p-reprimand-vote = Порицание ведущего: { $player } не { $playerGender ->
    [f] голосовала
   *[m] голосовал
  } (-2 ВО, -2 ТВ)
p-riot = Бунт! День окончен досрочно
p-ballot = { $voter } { $changed ->
    [yes] { $voterGender ->
        [f] изменила голос —
       *[m] изменил голос —
      }
   *[no] { $voterGender ->
        [f] голосует
       *[m] голосует
      }
  } за посадку: { $target }

## Ваши действия

kind-day = дневное
kind-night = ночное
kind-individual = индивидуальное
kind-faction = фракционное
kind-hero = геройское
kind-manipulation = манипуляция
kind-secretDay = тайное дневное
kind-secretNight = тайное ночное
a-lost = утрачено
a-in-hours = через { $hours } ч

## Ведущему

gm-headers = id|имя|роль|характер|ВО|ТВ|ВО+|статус|фракции
gm-standing = { $player }{ $faction }: ВО { $vo }, ТВ { $tv }
gm-standing-out = { $player }{ $faction }: ВО { $vo }, ТВ { $tv } — { $why }
gm-standing-why-dead = { $gender ->
    [f] мертва
   *[other] мёртв
  }
gm-standing-why-prison = в тюрьме
gm-standing-why-member = характер не даёт побеждать во фракции
gm-standing-why-two-factions = характер требует ровно одной фракции, а их несколько
gm-standing-why-no-faction = характер требует ровно одной фракции, а её нет
gm-ask = { $actor }: «{ $action }»{ $hasTargets ->
    [yes] { " " }→ { $targets }
   *[no] {""}
  }{ $hasNote ->
    [yes] { " " }(«{ $note }»)
   *[no] {""}
  }. В документе нет описания: что происходит? Ответ — текст для игрока; изменения ВО/ТВ — DECIDE { $id }.<игрок>.vo <±n> (или .tv)
gm-bad-id = «{ $id }»: ожидается <игрок>.quarrel.<игрок>.vo или .tv (изменение ВО/ТВ по решению ведущего)
gm-bad-player = «{ $id }»: нет такого игрока
gm-bad-change = «{ $raw }»: ожидается целое число от -20 до 20

## The end of the negotiations: what the final mail reveals (reveal.ts)

reveal-line = { $name } — { $role }; тайный характер: { $character }; ВО с тайными бонусами { $vo }, ТВ { $tv }; { $factions }
reveal-faction = фракция (лидер { $leader })
reveal-free = вне фракций
