/* A lower bound on the cost of a random deal: piquet at the club laws (32 cards, hands of twelve, a talon of eight,
 * the elder taking up to five), in C, with no rules read from anywhere and nothing allocated.
 *
 *     cc -O2 -o cbound benchmarks/cbound.c && ./cbound DEALS
 *
 * Each deal is shuffled (Fisher-Yates), dealt by twos, exchanged (each player a discard drawn uniformly among all
 * his legal discards, as the random player does), declared (point, sequences, sets: each player's best, compared,
 * the winner reckoning all he holds of the kind), played to twelve tricks with uniformly random legal cards (bound
 * to follow suit) and scored as the engine scores it: leads and wins of ten or higher, the last trick, the cards,
 * capot, carte blanche, pique and repique.  It prints the CPU seconds taken and a checksum of the scores (so the
 * compiler cannot drop the work); benchmarks/paths.py builds and runs it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t next(void) { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state; }
static int below(int n) { return (int)((next() >> 11) * (1.0 / 9007199254740992.0) * n); }

/* A card is suit * 8 + rank, rank 0 the ace; a hand is a 32-bit mask. */
static int popcount(uint32_t m) { return __builtin_popcount(m); }
static int nth(uint32_t m, int k) { while (k--) m &= m - 1; return __builtin_ctz(m); }
static const int pips[8] = {11, 10, 10, 10, 10, 9, 8, 7};
static int comb(int n, int k) { long r = 1; for (int i = 0; i < k; i++) r = r * (n - i) / (i + 1); return (int)r; }

static uint32_t discard(uint32_t hand, int fewest, int most) {
    int weights[13], total = 0, n = popcount(hand);
    for (int k = fewest; k <= most; k++) total += weights[k] = comb(n, k);
    int x = below(total), k = fewest;
    while (x >= weights[k]) x -= weights[k++];
    uint32_t out = 0;
    for (; k > 0; k--, n--) { int c = nth(hand, below(n)); hand &= ~(1u << c); out |= 1u << c; }
    return out;
}

/* Best of a kind as one comparable key (0: none), and the points it and the rest of its kind score. */
static void point(uint32_t h, int *key, int *score) {
    *key = 0; *score = 0;
    for (int s = 0; s < 4; s++) {
        uint32_t suit = h >> (8 * s) & 0xFF;
        int n = popcount(suit), v = 0;
        for (int r = 0; r < 8; r++) if (suit >> r & 1) v += pips[r];
        if (n * 100 + v > *key) { *key = n * 100 + v; *score = n; }
    }
}
static void sequences(uint32_t h, int *key, int *score) {
    *key = 0; *score = 0;
    for (int s = 0; s < 4; s++) {
        uint32_t suit = h >> (8 * s) & 0xFF;
        for (int r = 0; r < 8;) {
            int len = 0;
            while (r + len < 8 && suit >> (r + len) & 1) len++;
            if (len >= 3) {
                if (len * 10 + (8 - r) > *key) *key = len * 10 + (8 - r);
                *score += len >= 5 ? len + 10 : len;
            }
            r += len ? len : 1;
        }
    }
}
static void sets(uint32_t h, int *key, int *score) {
    *key = 0; *score = 0;
    for (int r = 0; r < 5; r++) {
        int n = 0;
        for (int s = 0; s < 4; s++) n += h >> (8 * s + r) & 1;
        if (n >= 3) {
            if (n * 10 + (8 - r) > *key) *key = n * 10 + (8 - r);
            *score += n == 4 ? 14 : 3;
        }
    }
}

static long deal(void) {
    int pack[32];
    for (int i = 0; i < 32; i++) pack[i] = i;
    for (int i = 31; i > 0; i--) { int j = below(i + 1), t = pack[i]; pack[i] = pack[j]; pack[j] = t; }
    uint32_t hand[2] = {0, 0};
    for (int i = 0; i < 24; i++) hand[(i >> 1) & 1] |= 1u << pack[i];
    int talon = 24, score[2] = {0, 0};
    uint32_t courts = 0x0E0E0E0Eu;
    for (int p = 0; p < 2; p++) if (!(hand[p] & courts)) score[p] += 10;  /* carte blanche */
    uint32_t d = discard(hand[0], 1, 5);
    int k = popcount(d);
    hand[0] &= ~d;
    for (int i = 0; i < k; i++) hand[0] |= 1u << pack[talon++];
    int left = 32 - talon;
    if (left) {
        d = discard(hand[1], 0, left);
        k = popcount(d);
        hand[1] &= ~d;
        for (int i = 0; i < k; i++) hand[1] |= 1u << pack[talon++];
    }
    void (*kinds[3])(uint32_t, int *, int *) = {point, sequences, sets};
    for (int i = 0; i < 3; i++) {
        int key[2], pts[2];
        for (int p = 0; p < 2; p++) kinds[i](hand[p], &key[p], &pts[p]);
        if (key[0] > key[1]) score[0] += pts[0];
        else if (key[1] > key[0]) score[1] += pts[1];
    }
    int before_play = score[0];
    if (score[0] >= 30 && score[1] == 0) score[0] += 60;  /* repique */
    int leader = 0, won[2] = {0, 0};
    for (int t = 0; t < 12; t++) {
        int lead = nth(hand[leader], below(popcount(hand[leader])));
        hand[leader] &= ~(1u << lead);
        if (lead % 8 <= 4) score[leader]++;
        int other = leader ^ 1;
        uint32_t follow_suit = hand[other] & (0xFFu << (lead & ~7)), may = follow_suit ? follow_suit : hand[other];
        int follow = nth(may, below(popcount(may)));
        hand[other] &= ~(1u << follow);
        int winner = (follow >> 3) == (lead >> 3) && follow < lead ? other : leader;
        if (winner == other && follow % 8 <= 4) score[other]++;
        if (t == 11) score[winner]++;
        won[winner]++;
        if (score[0] >= 30 && score[1] == 0 && before_play < 30) { score[0] += 30; before_play = 30; }  /* pique */
        leader = winner;
    }
    if (won[0] == 12 || won[1] == 12) score[won[0] == 12 ? 0 : 1] += 40;
    else if (won[0] != won[1]) score[won[0] > won[1] ? 0 : 1] += 10;
    return score[0] - score[1];
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000000, sum = 0;
    clock_t start = clock();
    for (long i = 0; i < n; i++) sum += deal();
    printf("%.6f %ld\n", (double)(clock() - start) / CLOCKS_PER_SEC, sum);
    return 0;
}
