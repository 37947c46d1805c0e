"""Go Fish (2-6 players), rules GF-1 ... GF-11 of RULES.md.

Cards are strings: rank + suit (``"TH"`` is the ten of hearts), ranks ``A23456789TJQK``, suits
``CDHS``. Actions follow GF-11: ``ask 2 T`` (ask seat 2 for tens), with ``ask_card`` ``ask 2 TH``.

Rulings made here where RULES.md is silent (the code that applies one says "ruling"):

- *Another turn with an empty hand* (ruling, not in RULES.md): with ``keep_playing``, a player who
  goes again (GF-3/GF-4) after laying down their last cards starts that new turn with an empty
  hand, so GF-9's ruling applies: they draw one card if the stock has any, else they are skipped.
- *Nobody to ask* (ruling, not in RULES.md): with ``keep_playing``, if it is a player's turn and
  they hold cards but no other player holds any, their turn passes to the next seat (logged as a
  skip), so play can continue (that seat then draws at the start of its turn, GF-9). This only
  happens while the stock has cards: with an empty stock, one player holding every card left would
  hold complete books, which GF-6 lays down.
- *End beats another turn* (ruling, not in RULES.md): without ``keep_playing``, GF-7 ends the
  game at once when the stock is emptied, even by a draw of the asked rank that would give another
  turn (GF-4).
- *Notation follows the variant* (ruling, not in RULES.md): with ``ask_card`` an ask names a card
  (``ask 2 TH``) and ``ask 2 T`` is malformed; without it, the other way round.
- *A bluff is not announced* (ruling, not in RULES.md): the bluff ask of GF-8 is logged like any
  other ask and answered "Go fish", so the history never tells that the asker holds the card.
- *Stalled play* (ruling, not in RULES.md; needed for GEN-6): with ``keep_playing`` and an empty
  stock a miss changes nothing, so play could go round in circles forever (with ``ask_card`` even
  catches can hand one card back and forth). Once :data:`STALL_LIMIT` asks in a row have been made
  with an empty stock without a book being laid, play stops and the books laid so far decide, as
  in GF-7. Random play practically never gets there (the longest stretch seen in thousands of
  random games was about 560 asks, six players with ``ask_card`` and bluffs).
- *Dealt books* (ruling, not in RULES.md): GF-1's books are laid down seat by seat from seat 0,
  each seat's in the order of its sorted hand.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from itertools import permutations

from ..engine import Game, Option, deal, parse_seat, random_order

RANKS = "A23456789TJQK"
SUITS = "CDHS"
CARDS = tuple(rank + suit for rank in RANKS for suit in SUITS)
RANK_SET = frozenset(RANKS)
CARD_SET = frozenset(CARDS)
CARDS_OF = {rank: tuple(rank + suit for suit in SUITS) for rank in RANKS}
BOOKS = len(RANKS)
STALL_LIMIT = 1000  # asks in a row with an empty stock and no book before play stops (GEN-6)
MAX_PLAYERS = 6

# Every possible action string, built once: ``ASK[seat][rank or card]`` and its parse.
ASK = [{what: f"ask {seat} {what}" for what in (*RANKS, *CARDS)} for seat in range(MAX_PLAYERS)]
PARSED = {action: (seat, what) for seat in range(MAX_PLAYERS) for what, action in ASK[seat].items()}


def held_ranks(hand: list[str]) -> list[str]:
    """The distinct ranks in a sorted ``hand``, in the hand's (sorted) order."""
    ranks = []
    last = ""
    for card in hand:
        if card[0] != last:
            last = card[0]
            ranks.append(last)
    return ranks


def rank_counts(hand: list[str]) -> dict[str, int]:
    """Cards per rank in ``hand`` (``{rank: count}``, ranks held only, in the hand's order)."""
    counts: dict[str, int] = {}
    for card in hand:
        rank = card[0]
        if rank in counts:
            counts[rank] += 1
        else:
            counts[rank] = 1
    return counts


class GoFish(Game):
    """Go Fish. Options: ``next_after_fish`` ``"asked"`` or ``"left"`` (GF-5), ``ask_card`` (GF-8),
    ``ask_own_card`` (GF-8, needs ``ask_card``), ``keep_playing`` (GF-9), ``first_player`` (GEN-4).

    State: ``hands`` (sorted), ``counts`` (per seat, ``{rank: cards of it in the hand}`` for the
    ranks held: the same hand counted, kept in step with ``hands`` by every change so that asks,
    books and the bots read a rank's count at once), ``books`` (per seat, ranks in the order laid
    down), ``stock`` (top at the end), ``last_ask`` (``(asker, asked, rank or card, cards handed
    over)`` or ``None``), ``idle_asks`` (asks made with an empty stock since the last book, see *Stalled play*).
    ``totals`` counts books per seat.

    History entries (GF-10; never a hidden card): ``deal`` (start_player, hand_size, stock),
    ``book`` (seat, rank), ``ask`` (seat, asked, rank), ``ask_card`` (seat, asked, card), ``give``
    (seat = the giver, asker, rank, count), ``give_card`` (seat, asker, card), ``go_fish`` (seat =
    the asked player, asker), ``fish`` (seat; the drawn card stays hidden), ``fish_shown`` (seat,
    card: the asked rank or card, shown), ``draw`` (seat: an empty hand draws at the start of its
    turn, GF-9; hidden), ``skip`` (seat, reason ``no_cards`` or ``no_one_to_ask``), ``end``
    (reason ``empty_hand``, ``empty_stock``, ``all_books`` or ``stalled``; with ``empty_hand``
    also ``seat``, whose hand ran out: the asker's, else the asked player's), then ``game_end``.
    """

    name = "go_fish"
    reveals_to_others = frozenset({"deal", "ask", "ask_card", "give", "give_card", "go_fish", "miss",
                                   "fish_shown"})
    reveals_to_actor = frozenset({"fish", "draw"})
    option_spec = {
        "next_after_fish": Option("asked", str, choices=("asked", "left")),
        "ask_card": Option(False),
        "ask_own_card": Option(False, needs="ask_card",
                               needs_why="it lets a player name a card they hold themselves, GF-8"),
        "keep_playing": Option(False),
    }

    def full_deck(self) -> list[str]:
        return list(CARDS)

    def max_actions(self) -> int:
        """``53 * 53 + 14 * STALL_LIMIT`` = 16,809 asks (GEN-6, GF-9a).

        While the stock has cards, every miss draws one (GF-4), and between two draws one player
        asks and each catch (GF-3) adds at least one card to what that player holds or has booked:
        at most 52 catches and one miss per draw, 52 draws. Asks with an empty stock (only with
        ``keep_playing``) end the game after ``STALL_LIMIT`` in a row without a book; 13 books.
        """
        return (len(CARDS) + 1) ** 2 + (BOOKS + 1) * STALL_LIMIT

    @staticmethod
    def card_fields(card: str) -> dict[str, str]:
        return {"rank": card[0], "suit": card[1]}

    @staticmethod
    def action_fields(action: str) -> dict:
        """``ask 2 T`` -> ``{"verb": "ask", "asked": 2, "rank": "T"}``; ``ask 2 TH`` ->
        ``{"verb": "ask_card", "asked": 2, "card": "TH"}`` (one catalog sentence for each)."""
        seat, what = PARSED[action]
        if len(what) == 1:
            return {"verb": "ask", "asked": seat, "rank": what}
        return {"verb": "ask_card", "asked": seat, "card": what}

    # ----- setup (GF-1) -------------------------------------------------------------------------

    def _setup(self, stock: list[str], first_player: int) -> None:
        options = self.options
        self.keep_playing = options["keep_playing"]
        self.ask_card = options["ask_card"]
        self.ask_own_card = options["ask_own_card"]
        self.pass_to_asked = options["next_after_fish"] == "asked"
        hand_size = 7 if self.players == 2 else 5
        self.stock = stock
        self.hands = deal(stock, self.players, hand_size)
        self.counts = [rank_counts(hand) for hand in self.hands]
        self.books: list[list[str]] = [[] for _ in range(self.players)]
        self.last_ask: tuple | None = None
        self.idle_asks = 0
        self.log("deal", start_player=first_player, hand_size=hand_size, stock=len(stock))
        for seat, hand in enumerate(self.hands):
            for rank in held_ranks(hand):
                self._lay_book(seat, rank)
        self._begin_turn(first_player)

    # ----- legal actions (GF-2, GF-8, GF-11) ----------------------------------------------------

    def _legal_actions(self) -> list[str]:
        me = self.current_player
        hands = self.hands
        ranks = sorted(self.counts[me])  # the ranks held, as held_ranks lists them (sorted)
        if self.ask_card:
            hand = hands[me]
            own = self.ask_own_card
            wanted = [card for rank in ranks for card in CARDS_OF[rank] if own or card not in hand]
        else:
            wanted = ranks
        actions: list[str] = []
        for seat in range(self.players):  # seats ascending, then ranks/cards sorted: sorted overall
            if seat != me and hands[seat]:
                ask = ASK[seat]
                actions += [ask[what] for what in wanted]
        return actions

    def _malformed(self, action: str) -> str | None:
        parts = action.split(" ")
        expected = "ask SEAT CARD, e.g. ask 2 TH" if self.ask_card else "ask SEAT RANK, e.g. ask 2 T"
        if len(parts) != 3 or parts[0] != "ask":
            return f"expected {expected}"
        if parse_seat(parts[1], self.players) is None:
            return f"no seat {parts[1]!r}; seats are 0..{self.players - 1}"
        what = parts[2]
        if self.ask_card:
            if what not in CARD_SET:
                return (f"{what!r} is not a card; with ask_card an ask names one card, rank "
                        f"{' '.join(RANKS)} + suit {' '.join(SUITS)} (e.g. TH)")
        elif what not in RANK_SET:
            return f"{what!r} is not a rank; ranks are {' '.join(RANKS)} (T is ten)"
        return None

    def _explain(self, action: str) -> tuple[str, dict]:
        seat, what = PARSED[action]
        me = self.current_player
        hand = self.hands[me]
        if seat == me:
            return "go_fish.illegal.ask_self", {}
        if not self.hands[seat]:
            return "go_fish.illegal.asked_empty", {"asked": seat}
        if all(card[0] != what[0] for card in hand):
            return "go_fish.illegal.rank_not_held", {"seat": me, "rank": what[0]}
        if what in hand:
            return "go_fish.illegal.own_card", {"card": what, "seat": me}
        return "illegal.not_now", {}

    # ----- applying actions (GF-3 ... GF-7) -----------------------------------------------------

    def _apply(self, action: str) -> None:
        asked, what = PARSED[action]
        me = self.current_player
        hands = self.hands
        theirs = hands[asked]
        stock = self.stock
        if not stock:
            self.idle_asks += 1  # reset by a book
        if len(what) == 1:  # GF-3: ask for a rank
            self.log("ask", seat=me, asked=asked, rank=what)
            count = self.counts[asked].pop(what, 0)
            if count:
                first = bisect_left(theirs, what)  # the hand is sorted: a rank's cards sit together
                got = theirs[first:first + count]
                del theirs[first:first + count]
                self.log("give", seat=asked, asker=me, rank=what, count=count)
            else:
                got = ()
        else:  # GF-8: ask for one card; a bluff (the asker holds it) always gets "Go fish"
            self.log("ask_card", seat=me, asked=asked, card=what)
            got = [what] if what in theirs else []
            if got:
                theirs.remove(what)
                counts = self.counts[asked]
                rank = what[0]
                if counts[rank] == 1:
                    del counts[rank]
                else:
                    counts[rank] -= 1
                self.log("give_card", seat=asked, asker=me, card=what)
        self.last_ask = (me, asked, what, len(got))
        if got:
            hand = hands[me]
            hand += got
            hand.sort()
            counts = self.counts[me]
            rank = what[0]
            held = counts[rank] = counts.get(rank, 0) + len(got)
            if held == 4:  # only then can _lay_book (GF-6, which checks) lay one: skip the call
                self._lay_book(me, rank)
            again = True
        elif stock:  # GF-4: "Go fish": draw the top of the stock; the asked rank (or card)
            self.log("go_fish", seat=asked, asker=me)  # is shown and gives another turn
            card = stock.pop()
            again = card == what or card[0] == what  # ``what`` is a card (GF-8) or a rank
            if again:
                self.log("fish_shown", seat=me, card=card)
            else:
                self.log("fish", seat=me)
            insort(hands[me], card)
            counts = self.counts[me]
            rank = card[0]
            held = counts[rank] = counts.get(rank, 0) + 1
            if held == 4:  # as above
                self._lay_book(me, rank)
        else:  # GF-9a: once the stock is empty (keep_playing) nobody draws, the miss is logged
            self.log("miss", seat=asked, asker=me)
            again = False
        if self.keep_playing:  # GF-9: play on until all books are down
            if sum(self.totals) == BOOKS:
                self._end("all_books")
            elif self.idle_asks >= STALL_LIMIT:  # ruling: stalled play
                self._end("stalled")
            elif again:
                self._begin_turn(me)  # ruling: may start empty-handed, then draw or skip
            else:
                self._begin_turn(asked if self.pass_to_asked else (me + 1) % self.players)
        elif not stock:  # GF-7 (ruling: beats "again")
            self._end("empty_stock")
        elif not hands[me] or not hands[asked]:
            self._end("empty_hand", me if not hands[me] else asked)
        elif not again:
            self.current_player = asked if self.pass_to_asked else (me + 1) % self.players

    def _lay_book(self, seat: int, rank: str) -> None:
        """GF-6: lay down the book of ``rank`` at once if ``seat`` holds all four cards."""
        counts = self.counts[seat]
        if counts.get(rank) == 4:
            del counts[rank]
            hand = self.hands[seat]
            first = bisect_left(hand, rank)  # the hand is sorted: a rank's cards sit together
            del hand[first:first + 4]
            self.books[seat].append(rank)
            self.totals[seat] += 1
            self.idle_asks = 0
            self.log("book", seat=seat, rank=rank)

    def _begin_turn(self, seat: int) -> None:
        """Give ``seat`` the turn; with ``keep_playing`` apply GF-9's draw-or-skip first."""
        if self.keep_playing:
            hands = self.hands
            # Terminates: a skipped seat either has no cards with an empty stock (then at least two
            # other seats hold cards) or is alone with cards while the stock has some (then the
            # next seat draws one and may play).
            while True:
                if not hands[seat]:
                    if self.stock:  # GF-9 ruling: draw one at the start of the turn
                        card = self.stock.pop()
                        hands[seat].append(card)
                        self.counts[seat][card[0]] = 1  # the only card of an empty hand
                        self.log("draw", seat=seat)
                    else:
                        self.log("skip", seat=seat, reason="no_cards")
                        seat = (seat + 1) % self.players
                        continue
                if any(hands[:seat]) or any(hands[seat + 1:]):
                    break
                self.log("skip", seat=seat, reason="no_one_to_ask")  # ruling, see module docstring
                seat = (seat + 1) % self.players
        self.current_player = seat

    def _end(self, reason: str, seat: int | None = None) -> None:
        """GF-7: log why play stopped (and whose hand ran out); the most books win, ties share."""
        if seat is None:
            self.log("end", reason=reason)
        else:
            self.log("end", reason=reason, seat=seat)
        self.finish(self.leaders())

    def _copy(self, history: list, actions: list) -> "GoFish":
        """:meth:`Game._copy` spelled out for Go Fish's state (search copies a world every
        iteration): every list and dict of the state copied, each hand and count on its own."""
        new = object.__new__(type(self))
        state = self.__dict__.copy()
        state["hands"] = [hand[:] for hand in self.hands]
        state["counts"] = [counts.copy() for counts in self.counts]
        state["books"] = [books[:] for books in self.books]
        state["stock"] = self.stock[:]
        state["totals"] = self.totals[:]
        state["winners"] = self.winners[:]
        state["options"] = dict(self.options)
        if self._legal is not None:
            state["_legal"] = self._legal[:]
        if self._deck is not None:
            state["_deck"] = self._deck[:]
        state["history"] = history
        state["actions"] = actions
        new.__dict__ = state
        return new

    # ----- views (GEN-7, GF-10) -----------------------------------------------------------------

    def _game_view(self, seat: int | None) -> dict:
        """``hand``, ``hand_sizes``, ``books`` (per seat), ``stock_size`` and ``last_ask``
        (``{"seat", "asked", "rank" or "card", "given"}`` for the latest ask, ``None`` before one)."""
        last_ask = None
        if self.last_ask is not None:
            asker, asked, what, given = self.last_ask
            last_ask = {"seat": asker, "asked": asked, "rank" if len(what) == 1 else "card": what,
                        "given": given}
        return {
            "hand": list(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(hand) for hand in self.hands],
            "books": [list(books) for books in self.books],
            "stock_size": len(self.stock),
            "last_ask": last_ask,
        }

    # ----- determinization (for search bots; GEN-7, GF-10) --------------------------------------

    def determinize(self, seat: int, rng: random.Random) -> "GoFish":
        """A fork (:meth:`Game.fork`) in which every card hidden from ``seat`` is dealt again at random.

        For search bots (information-set Monte Carlo tree search). Hidden from ``seat`` (GF-10) are
        the other hands and the stock. They are re-dealt at random from the cards ``seat`` has not
        seen elsewhere (not in its own hand, not in a book, not known to be in another hand),
        keeping every hand size and the stock size, and consistently with what the public history
        tells ``seat`` about each other player (read by :meth:`_knowledge`):

        - a player who asked for a rank (GF-2) holds at least one card of it until they give it
          away or lay its book; with ``ask_card`` (and without ``ask_own_card``) they do not hold
          the card they named;
        - cards received in a catch (GF-3) are held (their count; with ``ask_card`` the very card),
          and the giver holds no more of that rank (with ``ask_card``: not that card);
        - a player who answered "Go fish" holds no card of the asked rank (or not the asked card)
          until they draw; each hidden draw (GF-4, GF-9) allows one more card of any rank;
        - a shown draw (GF-4) is held; a rank whose book is down is nowhere.

        The only hidden state read is ``seat``'s own hand. The copy's RNG is re-seeded from ``rng``
        and its ``actions`` list is emptied: it is a sampled world for search, not
        a game to save. ``rng`` alone decides the sample.
        """
        hands = self.deal_hidden(seat, rng)
        others = [p for p in range(self.players) if p != seat]
        new = self.sample_copy(rng)
        for i, p in enumerate(others):
            hand = new.hands[p] = sorted(hands[i])
            new.counts[p] = rank_counts(hand)
        new.stock = random_order(hands[-1], rng)
        return new

    def deal_hidden(self, seat: int, rng: random.Random) -> list[list[str]]:
        """The cards hidden from ``seat`` (GF-10) dealt again at random as :meth:`determinize`
        deals them (the same constraints, the same draws from ``rng``), without building a
        world: a list of card lists, one per other seat in seat order (that hand, unsorted),
        then the stock's cards (in no particular order). For bots that only need the hands,
        e.g. to estimate what an opponent holds. Raises ``RuntimeError`` if no deal fits the
        public history (unreachable unless the bookkeeping is wrong)."""
        free, others, fixed, supply, rooms, caps, known, excluded = self._deal_plan(seat)
        hands = None
        for attempt in range(20):  # more than one only if ask_card exclusions clash within a rank
            counts = None
            if min(supply) >= 0 and min(rooms) >= 0:
                counts = _allocate(supply, rooms, caps, rng)
            if counts is None:  # unreachable unless the bookkeeping is wrong: the true deal fits
                raise RuntimeError("go_fish determinize: no deal fits the public history")
            hands = _cards_for_counts(free, others, fixed, counts, known, excluded, attempt == 19,
                                      rng)
            if hands is not None:
                break
        return hands

    def _deal_plan(self, seat: int) -> tuple:
        """What :meth:`determinize` deals from, the same for every sample of one position:
        ``(free, others, fixed, supply, rooms, caps, known, excluded)``: the free cards (not seen
        by ``seat``), the other seats, per other seat the cards of each rank it must take, the
        free cards per rank left to allocate, the room left in each other hand and the stock,
        the most of each rank each place may take, and :meth:`_knowledge`'s known and excluded
        cards. Cached for the latest history; callers must not change it."""
        history = self.history
        cached = _PLAN_CACHE.get("last")
        if (cached is not None and cached[0] is history and cached[1] == len(history)
                and cached[2] == seat):
            return cached[3]
        lows, highs, known, excluded = self._knowledge(seat)
        books = {rank for ranks in self.books for rank in ranks}
        located = set(self.hands[seat])
        for cards in known:
            located.update(cards)
        free = [card for card in CARDS if card[0] not in books and card not in located]
        others = [p for p in range(self.players) if p != seat]
        # Per rank: how many free cards each other hand must take (lower bounds net of the known
        # cards) and may take at most (upper bounds); the stock takes the rest.
        supply = [0] * BOOKS
        for card in free:
            supply[RANK_INDEX[card[0]]] += 1
        fixed, rooms, caps = [], [], []
        for p in others:
            have = [0] * BOOKS
            for card in known[p]:
                have[RANK_INDEX[card[0]]] += 1
            must = [max(0, low - h) for low, h in zip(lows[p], have)]
            fixed.append(must)
            rooms.append(len(self.hands[p]) - len(known[p]) - sum(must))
            allowed = [0] * BOOKS  # free cards of each rank this hand may hold (ask_card)
            for card in free:
                if card not in excluded[p]:
                    allowed[RANK_INDEX[card[0]]] += 1
            caps.append([max(0, min(high - h, a) - m)
                         for high, h, m, a in zip(highs[p], have, must, allowed)])
            for rank, m in enumerate(must):
                supply[rank] -= m
        rooms.append(len(self.stock))
        caps.append([4] * BOOKS)
        result = (free, others, fixed, supply, rooms, caps, known, excluded)
        _PLAN_CACHE["last"] = (history, len(history), seat, result)
        return result

    def _knowledge(self, seat: int) -> tuple:
        """What the public history tells ``seat`` about the other hands (see :meth:`determinize`).

        Returns ``(lows, highs, known, excluded)``, per seat: ``lows[p][i]`` / ``highs[p][i]``
        bound how many cards of rank ``RANKS[i]`` seat ``p`` holds (the lower bound counts the
        ``known`` cards); ``known[p]`` are exact cards ``p`` holds, ``excluded[p]`` exact cards
        ``p`` does not hold. ``seat``'s own entries are left empty. Cached for the latest history.
        """
        history = self.history
        cached = _KNOWLEDGE_CACHE.get("last")
        if (cached is not None and cached[0] is history and cached[1] == len(history)
                and cached[2] == seat):
            return cached[3]
        n = self.players
        lows = [[0] * BOOKS for _ in range(n)]
        highs = [[3] * BOOKS for _ in range(n)]  # four of a rank would be a book (GF-6)
        known: list[set] = [set() for _ in range(n)]
        excluded: list[set] = [set() for _ in range(n)]
        bluffs = self.ask_own_card
        asked_rank = asked_card = None
        index = RANK_INDEX
        for entry in history:
            kind = entry["type"]
            if kind == "ask" or kind == "ask_card":
                asker = entry["seat"]
                if kind == "ask":
                    asked_rank, asked_card = index[entry["rank"]], None
                else:
                    asked_card = entry["card"]
                    asked_rank = index[asked_card[0]]
                    if not bluffs:
                        excluded[asker].add(asked_card)
                if lows[asker][asked_rank] < 1:
                    lows[asker][asked_rank] = 1
                if highs[asker][asked_rank] < 1:
                    highs[asker][asked_rank] = 1
            elif kind == "give":
                giver, asker, rank = entry["seat"], entry["asker"], index[entry["rank"]]
                moved = {card for card in known[giver] if RANK_INDEX[card[0]] == rank}
                known[giver] -= moved
                known[asker] |= moved
                lows[giver][rank] = highs[giver][rank] = 0
                lows[asker][rank] += entry["count"]
                highs[asker][rank] = min(3, highs[asker][rank] + entry["count"])
            elif kind == "give_card":
                giver, asker, card = entry["seat"], entry["asker"], entry["card"]
                rank = index[card[0]]
                known[giver].discard(card)
                excluded[giver].add(card)
                lows[giver][rank] = max(0, lows[giver][rank] - 1)
                highs[giver][rank] = max(0, highs[giver][rank] - 1)
                known[asker].add(card)
                excluded[asker].discard(card)
                lows[asker][rank] += 1
                highs[asker][rank] = min(3, highs[asker][rank] + 1)
            elif kind == "go_fish" or kind == "miss":
                asked = entry["seat"]
                if asked_card is None:
                    lows[asked][asked_rank] = highs[asked][asked_rank] = 0
                else:
                    excluded[asked].add(asked_card)
            elif kind == "fish" or kind == "draw":  # one hidden card more
                drawer = entry["seat"]
                bounds = highs[drawer]
                # after a miss the drawn card is not the asked rank, else it is shown (GF-4)
                missed = asked_rank if kind == "fish" and asked_card is None else None
                for rank in range(BOOKS):
                    if bounds[rank] < 3 and rank != missed:
                        bounds[rank] += 1
                if kind == "fish" and asked_card is not None and asked_card in excluded[drawer]:
                    excluded[drawer] = {asked_card}  # the drawn card is not the named one
                else:
                    excluded[drawer] = set()
            elif kind == "fish_shown":
                drawer, card = entry["seat"], entry["card"]
                rank = index[card[0]]
                known[drawer].add(card)
                excluded[drawer].discard(card)
                lows[drawer][rank] += 1
                highs[drawer][rank] = min(3, highs[drawer][rank] + 1)
            elif kind == "book":
                rank = index[entry["rank"]]
                for p in range(n):
                    lows[p][rank] = highs[p][rank] = 0
                    known[p] = {card for card in known[p] if card[0] != entry["rank"]}
        lows[seat] = [0] * BOOKS
        highs[seat] = [3] * BOOKS
        known[seat] = set()
        excluded[seat] = set()
        result = (lows, highs, known, excluded)
        _KNOWLEDGE_CACHE["last"] = (history, len(history), seat, result)
        return result


RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}
_PLAN_CACHE: dict = {}  # the latest _deal_plan result, keyed like _KNOWLEDGE_CACHE
_KNOWLEDGE_CACHE: dict = {}  # the latest _knowledge result, keyed by history object and length


def _allocate(supply: list[int], rooms: list[int], caps: list[list[int]],
              rng: random.Random) -> list[list[int]] | None:
    """A random table ``x[d][c]`` of how many cards of category ``c`` go to destination ``d``, with
    ``sum(x[d]) == rooms[d]``, ``sum(x[.][c]) == supply[c]`` and ``x[d][c] <= caps[d][c]``; ``None``
    if there is none. Cards go out one at a time to a random free place (like a deal); a card
    with no place left gets one through a chain of moves (an augmenting path of a max flow)."""
    size = len(rooms)
    places = range(size)
    room = list(rooms)
    units = random_order([c for c, count in enumerate(supply) for _ in range(count)], rng)
    draw = rng.random
    stuck = []
    left = [list(column) for column in zip(*caps)]  # left[c][d]: room for category c at d
    for c in units:
        column = left[c]
        total = 0
        for d in places:  # a place without room adds nothing
            if column[d]:
                total += room[d]
        if not total:
            stuck.append(c)
            continue
        pick = min(int(draw() * total), total - 1)
        for d in places:
            if column[d]:
                if pick < room[d]:
                    break
                pick -= room[d]
        column[d] -= 1
        room[d] -= 1
    x = [[cap - left[c][d] for c, cap in enumerate(caps[d])] for d in places]
    for c in stuck:  # breadth-first search over destinations for a chain ending in free room
        came = {d: (None, c) for d in range(size) if x[d][c] < caps[d][c]}
        frontier = list(came)
        found = None
        while frontier and found is None:
            later = []
            for d in frontier:
                if room[d]:
                    found = d
                    break
                for moved, count in enumerate(x[d]):
                    if count:
                        for to in range(size):
                            if to not in came and x[to][moved] < caps[to][moved]:
                                came[to] = (d, moved)
                                later.append(to)
            frontier = later
        if found is None:
            return None
        room[found] -= 1
        d = found
        while True:
            before, category = came[d]
            x[d][category] += 1
            if before is None:
                break
            x[before][category] -= 1
            d = before
    return x


def _cards_for_counts(free: list[str], others: list[int], fixed: list[list[int]],
                      counts: list[list[int]], known: list, excluded: list, last: bool,
                      rng: random.Random) -> list[list[str]] | None:
    """Turn per-rank counts into cards: the other hands (known cards plus the counted ranks) in
    the order of ``others``, then the stock. Exact cards ruled out for a hand (``ask_card``) are
    avoided by trying every order of each rank's (at most four) free cards; ``None`` if that
    fails for some rank (the caller allocates again), unless ``last``: then the exclusion is
    waived for that rank (practically never needed: 20 clashing allocations in a row)."""
    by_rank: dict[str, list[str]] = {}
    for card in random_order(free, rng):  # so each rank's cards come in a random order
        rank = card[0]
        if rank in by_rank:
            by_rank[rank].append(card)
        else:
            by_rank[rank] = [card]
    hands = [list(known[p]) for p in others] + [[]]
    banned = [excluded[p] for p in others] + [set()]
    check = any(banned)
    for rank, cards in by_rank.items():
        r = RANK_INDEX[rank]
        wanted = [(fixed[i][r] if i < len(fixed) else 0) + counts[i][r] for i in range(len(hands))]
        order = cards
        if check:
            for order in permutations(cards):  # at most 4! orders; the first fitting one is taken
                at, fits = 0, True
                for i, want in enumerate(wanted):
                    if any(card in banned[i] for card in order[at:at + want]):
                        fits = False
                        break
                    at += want
                if fits:
                    break
            else:
                if not last:
                    return None
        at = 0
        for i, want in enumerate(wanted):
            hands[i] += order[at:at + want]
            at += want
    return hands
