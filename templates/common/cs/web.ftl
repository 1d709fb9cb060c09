## Webové stránky (judge serve): src/web/pages.ts

web-games = Hry na tomto sudím
web-no-games = Zatím žádná hra.
web-game = Hra
web-kind = Druh
web-phase = Fáze
web-status = Stav
web-status-active = běží
web-status-paused = pozastavena
web-status-signup = přihlašování
web-status-over = skončila
web-deadline = Uzávěrka
web-deadline-local = Ve vašem časovém pásmu
web-no-deadline = bez uzávěrky
web-sent = Rozkazy poslali
web-missing = Rozkazy zatím neposlali
web-nobody = nikdo
web-map = Mapa
web-bulletins = Zprávy vedoucího hry pro všechny
web-reports = Zprávy
web-no-reports = Zatím žádná zpráva.
web-start = Začátek hry
web-result = Výsledek
web-no-public = Tento druh hry nemá veřejnou zprávu.
web-processed = vyhodnoceno
web-your-page = Vaše stránka: { $name }
web-gm-page = Stránka vedoucího hry
web-private-note = Tato stránka je jen vaše: odkaz nikomu nedávejte. Rozkazy se dál posílají poštou.
web-public-page = Veřejná stránka hry
web-all-games = Všechny hry
web-not-found = Nenalezeno.
web-kind-fandi = FanDi 1.1
web-kind-godfather = Dědictví kmotra
web-kind-nation = Interaktivní historie
web-kind-rpg = Hra na hrdiny
# The GM's page: sign-up, what waits for the GM, open positions, absences (issue #31).
web-seats = Místa ve hře
