## The web pages (judge serve): src/web/pages.ts

web-games = Games on this judge
web-no-games = No games yet.
web-game = Game
web-kind = Kind
web-phase = Phase
web-status = Status
web-status-active = running
web-status-paused = paused
web-status-signup = open for sign-up
web-status-over = over
web-deadline = Deadline
web-deadline-local = In your time zone
web-no-deadline = no deadline
web-sent = Orders received from
web-missing = No orders yet from
web-nobody = nobody
web-map = Map
web-bulletins = From the GM to everybody
web-reports = Reports
web-no-reports = No report yet.
web-start = The start
web-result = The result
web-no-public = This kind of game has no public report.
web-processed = processed
web-your-page = Your page: { $name }
web-gm-page = The GM's page
web-private-note = This page is yours alone: do not pass the link on. Orders still go by mail.
web-public-page = The game's public page
web-all-games = All games
web-not-found = Not found.
web-kind-fandi = FanDi 1.1
web-kind-godfather = The Godfather's Legacy
web-kind-nation = Interactive History
web-kind-rpg = Role-playing game
# The GM's page: sign-up, what waits for the GM, open positions, absences (issue #31).
web-seats = Seats
