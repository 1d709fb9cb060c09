# The rpg kind's words in English (Fluent syntax, projectfluent.org), for src/games/rpg/*.ts:
# the same message ids as templates/rpg/{ru,cs}/rpg.ftl (tests/dice/words.test.ts checks it).
# $name is a parameter; $gender (f | m) is the grammatical gender of the person a phrase is about.

## Answers at once (instant.hbs)

# "Copy for the GM: <rolled> <name>" in an answer given at once.
rolled-by = rolled

## Order errors (messages.ts ERR)

error-unknown-order = unknown order "{ $w }": write ROLL <dice> [comment], e.g. ROLL 3d6+1 stealth; CHECK <skill> [difficulty], MEDIAN <half-width>, MADNESS, HORROR, OPPOSED <character>, ATTACK <character> [skill], SHEET{ $sheets }
error-need-sheets = {" "}(CHECK, OPPOSED, ATTACK and SHEET need character sheets in the setup)
error-too-many = too many rolls: at most { $n } per round
error-no-sheet = you have no character sheet in this game; ask the GM
error-no-skill = no skill "{ $w }" on the sheet of { $who } (skills: { $list })
error-no-skill-given = which skill? (skills: { $list })
error-no-character = no character "{ $w }" (characters: { $list })
error-no-target = against whom? name a character (characters: { $list })
error-self = a character cannot act against itself
error-no-trial = no open trial "{ $w }" (open: { $list })
error-trial-gauss = trials and team checks are success-dice checks (004); this game checks with GaussD20
error-gauss-only = { $w } is GaussD20 combat (001): the attack skill must be a GaussD20 skill, not success dice
error-bad-difficulty = "{ $w }": not a difficulty ({ $list })
error-no-modifier = "{ $w }": success dice take no modifier; use adv or dis (004)
error-bad-window = "{ $w }": a median roll needs a half-width { $n } or a window like 9-12
error-bad-option = "{ $w }": { $why }
error-unknown-player = no player "{ $w }" (players: { $list })
error-luck-range = luck must be 1 to 9
error-not-number = a whole number is needed
error-duplicate = given twice
error-not-here = does not apply to { $w }
error-no-value = nothing after the colon
error-bad-modifier = "{ $w }": a modifier is a whole number with its sign, such as +2 or -1
error-roll-modifier = "{ $w }": write a modifier with the dice, such as 3d6+2
error-trial-difficulty = "{ $w }": a check toward trial { $trial } is made at the trial's difficulty, { $d }; leave the difficulty out

## Words of reports and echoes (messages.ts W)

word-untrained = untrained
word-skill = skill
word-difficulty = difficulty
word-pool = dice
word-window = window
word-outside = miss the centre
word-inside = hit
word-miss-low = miss, below
word-miss-high = miss, above
word-out-low = outside the centre, below: success
word-out-high = outside the centre, above: success
word-out-inside = in the centre: failure
word-empty = empty
word-madness-hit = the mind withstands the chaos
word-madness-high = madness, above: the mind is seized by infernal visions (repeat in 30 s at { $n })
word-madness-low = madness, below: the mind copes, at a heavy price (headache, disorientation, perhaps fainting)
word-horror-hit = keeps composure
word-horror-high = horror, above: hysterical panic, flees the source (repeat in 30 s at { $n })
word-horror-low = horror, below: faints
word-series-end = the series ends
word-held = held
word-hit = hit
word-attack = attack
word-defence = defence
word-opposed = opposed
word-defender-first = defender
word-attacker = attacker
word-damage = damage
word-no-damage = damage for the GM to read
word-damage-max = maximised
word-damage-min = minimised
word-helpless = the target is helpless: automatic success
word-auto-hit = no defence roll: the attack succeeds
word-defence-failed = the defence failed: the attack passes
word-defence-best = the best defence: the attack does not pass
word-attack-failed = the attack failed
word-trial = trial
word-progress = progress
word-risk = risk
word-late-trial = the trial was already over: not counted
word-team = team check
word-team-of-one = only one participant: an ordinary check
word-team-different = the participants named different difficulties: the highest counts
word-hidden-echo = only the GM sees the numbers
word-hidden-roll = rolled; the GM has the result
word-waits = rolled at the end of the round
word-now = answered at once
word-copies = copies to
word-everyone = everybody
word-trial-success = passed
word-trial-failure = failed
word-trial-done = over
word-trial-closed = closed by the GM
word-trial-open = open
word-none = none
word-series = the whole series
word-passive = passive: armour only
word-advantage = advantage
word-disadvantage = disadvantage
word-luck = luck
word-trial-difficulty = at the trial's difficulty
word-gm = GM

## The GM’s adjustments and rolls (gm.ts)

gm-error-unknown = "{ $id }": no such adjustment. The GM may: set:<character>.<field> (name, level, luck, intellect, notes, defence, traits, techniques, inventory, skill.<name>, resource.<name>, relation.<who>, weapon, armour, madness, horror), trial:<id>, dice:reveal
gm-error-int = "{ $raw }": a whole number is needed
gm-error-luck = "{ $raw }": luck is 1 to 9
gm-error-skill = "{ $raw }": a number or a level name
gm-error-relation = "{ $raw }": 0..6 or Война … Любовь
gm-error-weapon = "{ $raw }": "name; skill S; damage 1d8+1; penetration N"
gm-error-armour = "{ $raw }": "name; bonus N; penalty N"
gm-error-yes = "{ $raw }": write yes
gm-error-trial-end = no trial "{ $id }" to end
gm-error-trial-exists = trial "{ $id }" exists already: end it first, or give it another id
gm-error-gm-roll = ROLL <character>: <order>, e.g. ROLL orc: ATTACK alfa

## Trials opened by the GM (trials.ts)

trial-error-field = unknown part "{ $w }" (name; progress N; risk N; difficulty D; kind …; success …; failure …; cheat …)
trial-error-number = { $w } must be a whole number from 1
trial-error-difficulty = difficulty "{ $w }": 1..6 or a level name (Элементарно … Невозможно)
trial-error-kind = kind "{ $w }": { $list }
trial-error-needs = a { $kind } trial needs { $what }
trial-error-has = a { $kind } trial has no { $what }
trial-error-no-name = the trial needs a name first

trial-part-progress = progress
trial-part-risk = risk threshold
trial-part-difficulty = difficulty

## Character sheets (sheets.ts)

sheet-level = Level
sheet-luck = Luck
sheet-intellect = Intellect
sheet-skills = Skills
sheet-traits = Traits
sheet-techniques = Techniques
sheet-resources = Resources
sheet-inventory = Inventory
sheet-relations = Relations
sheet-weapon = Weapon
sheet-armour = Armour
sheet-defence = Defence
sheet-notes = Notes
sheet-skill = skill
sheet-damage = damage
sheet-penetration = penetration
sheet-protection = protection
sheet-penalty = defence penalty

## Verifying the dice (report.hbs): the recipe, in the player's language, with nothing of the judge installed

dice-recipe =
    1. Keys: sha256 (hex) of the "key" of a #dice-key line is its "commitment",
       published before the round (the round before names it as "next").
    2. A roll's seed text: for "stream" "phase:L", the round's key, "/", L;
       for "master:M" (hidden rolls, once the game's seed S is revealed), the
       first 32 hex digits of sha256 of "pbem-judge:S:N:M" (N the round), then
       "/#k" if the stream ends so; after either, "/" and the line's "request"
       exactly as written.
    3. The generator: sha256 of the seed text; its first 16 bytes are four
       32-bit numbers a, b, c, d (lowest byte first); throw away the first { $discard }
       outputs; each output is t = a + b + d, then d = d + 1, a = b ^ (b >>> 9),
       b = c + (c << 3), c = (c rotated left by 21) + t, all modulo 2^32.
    4. A die of n sides: the next output below 2^32 - (2^32 modulo n), modulo n,
       plus 1. The dice must be the line's "draws" ([sides, face]) in order;
       GaussD20 is the rounded sum of three d20 divided by 3, a success die
       counts its faces as 0,0,0,1,1,2.
    5. After the reveal: sha256 of "pbem-judge:S:N:rolls", a line break, then
       every #dice line of round N sorted by bytes, each with its line break,
       is the "rolls" of that round's #dice-key line: no roll was left out.

## The GM's help (report.hbs, the GM's copy): the GM lines of this kind

gm-help =
    The GM's lines (a mail with GM <game> <password> … END):
      ROLL <character>: <order>      a hidden roll for a character (ROLL guard: ATTACK anna), or ROLL 4dF weather
      DECIDE trial:<id> <name>; progress N; risk N; difficulty D; kind K; success <text>; failure <text>; cheat <text>
                                     opens a trial (kinds: { $kinds }; exploration has no risk, survival no progress);
                                     checks name it with trial:<id> from the next round on
      DECIDE trial:<id> success      the cheat is met (or failure, close)
      DECIDE set:<who>.<field> <value>   a character sheet (skill.<name>, resource.<name>, relation.<who> …)
      NARRATIVE <player or character> <text>     BULLETIN <text for everyone>
      DECIDE dice:reveal yes         reveals the game's seed and every roll with this round's report
