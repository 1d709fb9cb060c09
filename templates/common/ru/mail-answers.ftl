# Why a mail or a block was not accepted (src/mail/inbound/reasons.ts), and the answers to
# commands in a block (src/mail/inbound/commands.ts). reason-* is the reply's text,
# reason-short-* the few words of its subject line.

reason-game-line = первая строка блока: ИГРА <игра> <игрок> <пароль> — не указан игрок
reason-unknown-game = игры «{ $game }» у этого судьи нет{ $hint }
reason-game-over = игра «{ $game }» окончена
reason-unknown-player = в игре «{ $game }» нет такого игрока, или пароль неверен
reason-inactive-player = игрок «{ $player }» больше не участвует в игре «{ $game }»
reason-no-password = нет пароля: ИГРА <игра> <игрок> <пароль>
reason-wrong-password = в игре «{ $game }» нет такого игрока, или пароль неверен
reason-sender-auth = отправителя не удалось проверить ({ $cause ->
        [dkim] эта игра требует действительной подписи DKIM домена вашей почты
        [dmarc] эта игра требует, чтобы ваше письмо прошло проверку DMARC
       *[other] проверить подлинность вашего письма не удалось
    })
reason-gm-deciding = срок в игре «{ $game }» истёк, и ведущий решает эту фазу; приказы на следующую фазу принимаются после рассылки отчёта
reason-no-phase = игра «{ $game }» сейчас не принимает приказы
reason-gm-none = игра «{ $game }» не принимает команды ведущего по почте (в настройке нет пароля ведущего)
reason-gm-sender = команды ведущего для «{ $game }» должны приходить с адреса ведущего
reason-gm-password = неверный пароль ведущего игры «{ $game }»
reason-no-block = нет блока приказов (строка «ИГРА <игра> <игрок> <пароль>» … строка «КОНЕЦ»)
reason-too-large = письмо слишком большое ({ $size } байт; предел { $limit }): пришлите приказы ещё раз без вложения, простым текстом
reason-unreadable = судья не может прочитать это письмо: это сообщение { $type }, части которого не найти (их граница «{ $boundary }» в нём не встречается); пришлите приказы ещё раз простым текстом
reason-locked = слишком много неверных паролей с вашего адреса: { $scope ->
        [sender] его блоки
       *[seat] его блоки для этой позиции
    } не проверяются до { $until }
reason-slowed = пароль неверен, уже { $count } { $count ->
        [one] раз
        [few] раза
       *[many] раз
    } подряд с вашего адреса: со следующей попыткой подождите до { $until } (более ранняя попытка не засчитывается). Если это были не вы, кто-то подбирает пароль под вашим адресом; ответы приходят только на ваш адрес, а верный пароль принимается всегда
reason-too-many-blocks = слишком много блоков в одном письме ({ $count }; судья читает первые { $limit }): остальные пришлите другим письмом
reason-reset-password = блоку со СБРОС нужен и новый пароль: строка ПАРОЛЬ <новый пароль> (не короче 4 знаков)
reason-unparsable = судья не может прочитать это письмо (его структура сложнее, чем читает судья); пришлите приказы ещё раз простым текстом
reason-undecodable = судья не может прочитать это письмо: в тексте есть символы, которые не декодируются ни в одной кодировке (указанная почтовой программой кодировка не подходит к тексту); пришлите приказы ещё раз, лучше с программой, настроенной на UTF-8
reason-hint-no-games = ; на письмо, первая строка которого { $list }, придёт список игр
reason-hint-games = ; ваши игры здесь: { $games }
reason-no-boundary = судья не может прочитать это письмо: это сообщение { $type } без указанной границы частей, поэтому части не найти; пришлите приказы ещё раз простым текстом

reason-short-game-line = неверная строка { $keyword }
reason-short-unknown-game = нет игры «{ $game }»
reason-short-game-over = игра окончена
reason-short-unknown-player = неверный игрок или пароль
reason-short-inactive-player = игрок «{ $player }» выбыл
reason-short-no-password = нет пароля
reason-short-wrong-password = неверный игрок или пароль
reason-short-locked = слишком много неверных паролей
reason-short-slowed = неверный пароль, подождите до { $until }
reason-short-too-many-blocks = слишком много блоков
reason-short-reset-password = нет нового пароля
reason-short-unparsable = письмо не читается
reason-short-sender-auth = отправитель не проверен
reason-short-no-phase = нет открытой фазы
reason-short-gm-deciding = ведущий решает
reason-short-gm-none = команд ведущего по почте нет
reason-short-gm-sender = не с адреса ведущего
reason-short-gm-password = неверный пароль ведущего
reason-short-no-block = нет блока приказов
reason-short-too-large = письмо слишком большое
reason-short-unreadable = письмо не читается
reason-short-undecodable = текст не читается

command-resend = последний отчёт отправлен ещё раз
command-no-report = отчётов ещё нет
command-final = приказы отмечены как окончательные
command-password = пароль изменён (теперь действует новый)
command-password-needed = ПАРОЛЬ требует текущего пароля в строке ИГРА
command-weak-password = пароль — не короче 4 символов
command-bad-address = это не адрес e-mail
command-address-judge = не изменён: это адрес самого судьи, а судья свою почту не читает; укажите свой адрес
command-address-robot = не изменён: это автоматический адрес (MAILER-DAEMON, postmaster, no-reply, bounces …), который никто не читает; укажите свой адрес
command-address-list = не изменён: это адрес списка рассылки, а ваши отчёты только для вас; укажите свой адрес
command-address-seat = не изменён: этот адрес у другой позиции в этой игре; укажите свой адрес
command-address-done = адрес изменён на
command-address-ask = пока нет: зарегистрированный адрес должен подтвердить это строкой ПОДТВЕРДИТЬ <код> в блоке; код отправлен на
command-confirm-from = ПОДТВЕРДИТЬ должно прийти с зарегистрированного адреса
command-confirm-bad = нет смены адреса с таким кодом
command-confirm-locked = слишком много неверных кодов: коды не принимаются до { $until }
command-no-orders = приказов на эту фазу пока нет
command-current = ваши действующие приказы
command-format-text = теперь письма приходят только простым текстом
command-format-html = теперь письма приходят текстом и в формате HTML, с картинками
command-format-bad = ФОРМАТ: укажите ТЕКСТ или HTML
command-forecast-on = теперь в подтверждениях приказов будет прогноз того, что они сделают
command-forecast-off = теперь в подтверждениях приказов прогноза не будет
command-forecast-bad = ПРОГНОЗ: укажите ВКЛ или ВЫКЛ
command-help = как писать приказы в этой игре, придёт отдельным письмом
