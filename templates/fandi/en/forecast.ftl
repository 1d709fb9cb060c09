# FanDi: the forecast in the acknowledgement of orders (issue #33, src/games/fandi/forecast-text.ts).
# What the player's orders would do if nobody else ordered and no battle were fought.

forecast-note = No battles are fought: a move into another's or a neutral city is CONTESTED (a battle decides it, or you occupy the city if nobody defends it), and units there are paid by your nearest city. Other players' units, spies and messengers are not known and not counted.
forecast-cities = Cities
forecast-advances = Advances
forecast-moves = Moves
forecast-problems = Orders that would not be carried out in full
forecast-city = { $at } (value { $value }, yield { $rate } %):
forecast-income = yield { $yield } xc{ $extra ->
    [0] {""}
   *[other] {" "}+ extra { $extra } xc from the value
  }, cash at the start { $cash } xc
forecast-upkeep = upkeep { $due } xc{ $due ->
    [0] {""}
   *[other] {" "}(units here and in the field this city pays)
  }
forecast-standing = standing here: { $what }
forecast-standing-none = no units standing here
forecast-spent = spent: { $list }
forecast-spent-build = { $what } { $amount } xc
forecast-spent-walls = walls { $amount } xc
forecast-spent-science = science { $amount } xc
forecast-spent-tech = technology { $amount } xc
forecast-spent-value = value { $amount } xc
forecast-spent-spy = spies ({ $count }) { $amount } xc
forecast-spent-messenger = messenger to { $target } { $amount } xc
forecast-cash = to cash { $to } xc, corruption { $corruption } xc → cash { $after } xc
forecast-disband = WARNING: the upkeep of { $due } xc cannot be paid in full; disbanded (in the rules' order, the cheapest first): { $what }
forecast-unspent = WARNING: { $amount } xc would be left unused: it goes to cash, of which corruption takes { $percent } %
forecast-science = science level { $level } (invested in { $at }): in all cities
forecast-science-left = science: { $have } xc of the { $need } xc for level { $level } invested in { $at }
forecast-tech = { $at }: { $level ->
    [1] crafts developed (yield 20 %)
   *[other] trade developed (yield 30 %)
  }
forecast-tech-left = { $at }: technology, { $have } xc of the { $need } xc for { $level ->
    [1] crafts
   *[other] trade
  } invested
forecast-walls = { $at }: walls level { $level }
forecast-walls-left = { $at }: walls, { $have } xc of the { $need } xc for level { $level } invested
forecast-move = { $from } → { $to } ({ $path }): { $what }
forecast-contested = CONTESTED: { $at } is { $owner ->
    [none] a neutral city
   *[other] { $owner }'s city
  }: a battle decides it, or you occupy it if nobody defends it
forecast-messenger = messenger from { $from } reaches { $to }: { $delivered } of { $amount } xc
forecast-messenger-back = messenger from { $from } to { $to } is blocked and comes back: { $delivered } of { $amount } xc back in { $from }
forecast-order = line { $line } ({ $text }): { $status ->
    [partial] PARTLY
   *[failed] ERROR
  } — { $result }
forecast-attack = line { $line } ({ $text }): counts only in a battle, and the forecast fights none
forecast-contested-coat = CONTESTED: on { $at } your units stay with the ones you hand over: they are other sides and will fight
