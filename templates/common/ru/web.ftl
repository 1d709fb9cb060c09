## Веб-страницы (judge serve): src/web/pages.ts

web-games = Игры этого судьи
web-no-games = Игр пока нет.
web-game = Игра
web-kind = Вид
web-phase = Фаза
web-status = Состояние
web-status-active = идёт
web-status-paused = приостановлена
web-status-signup = идёт запись
web-status-over = окончена
web-deadline = Срок приказов
web-deadline-local = В вашем часовом поясе
web-no-deadline = без срока
web-sent = Приказы прислали
web-missing = Ещё не прислали
web-nobody = никто
web-map = Карта
web-bulletins = Ведущий сообщает всем
web-reports = Отчёты
web-no-reports = Отчётов пока нет.
web-start = Начало игры
web-result = Итог
web-no-public = У игр этого вида нет открытого отчёта.
web-processed = обработано
web-your-page = Ваша страница: { $name }
web-gm-page = Страница ведущего
web-private-note = Эта страница только ваша: никому не передавайте ссылку. Приказы по-прежнему посылаются почтой.
web-public-page = Открытая страница игры
web-all-games = Все игры
web-not-found = Не найдено.
web-kind-fandi = ФанДи 1.1
web-kind-godfather = Наследие крестного отца
web-kind-nation = Интерактивная история
web-kind-rpg = Ролевая игра
# The GM's page: sign-up, what waits for the GM, open positions, absences (issue #31).
web-seats = Места в игре
