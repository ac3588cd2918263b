/*
 * The base round of a cyclic whist tournament Wh(p + 1) on Z_p plus a fixed player infinity:
 * the generator's starter-then-matching search (scorebook/movements/generate.py, Matching),
 * written in C because in Python it is some thirty times slower, too slow for 60 players.
 * generate.py compiles and runs it for the numbers in its C_SEARCH; nothing else uses it.
 *
 *     cc -O2 -o cyclic_search scorebook/movements/cyclic_search.c
 *     ./cyclic_search P SEED NODES STARTERS
 *
 * Infinity's partner is 0. A *starter* pairs the other p - 1 numbers so that the differences
 * +-(x - y) of the pairs are every class {d, -d} once (partners meet once over the p rounds).
 * The pairs are then matched two by two into tables so that every class is an opponent
 * difference exactly twice (opponents meet twice): a depth-first search that extends the
 * unmatched pair or the unmet class with the fewest tables left, the tables tried in an order
 * drawn from the random numbers. A starter whose search passes NODES nodes is dropped for the
 * next; after STARTERS starters the program gives up. Everything follows from SEED (xorshift),
 * so a run prints the same round again.
 *
 * Output: one table a line, "N E S W" (N-S and E-W partners), -1 for infinity; exit status 0.
 * Nothing found: a line on stderr, exit status 1. Bad arguments: exit status 2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_P 127
#define MAX_H ((MAX_P - 1) / 2)
#define MAX_PAIRS (MAX_H + 1)
#define MAX_EDGES (MAX_PAIRS * (MAX_PAIRS - 1) / 2)

static int p, h; /* the modulus and its number of classes, (p - 1) / 2 */
static unsigned long long state;

static unsigned draw(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (unsigned)(state >> 11);
}

static int class_of(int d) {
    d %= p;
    if (d < 0) d += p;
    return d <= h ? d : p - d;
}

static void shuffle(int *items, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(draw() % (unsigned)(i + 1));
        int t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

/* ---- the starter: pairs a[k], b[k]; pair 0 is (0, infinity) ---- */

static int pairs, a[MAX_PAIRS], b[MAX_PAIRS]; /* b = -1: infinity */
static int taken[MAX_P], class_taken[MAX_H + 1];

static int pair_up(int k) {
    int x = -1;
    for (int i = 1; i < p; i++)
        if (!taken[i]) { x = i; break; }
    if (x < 0) return 1;
    int steps[2 * MAX_H], n = 0;
    for (int c = 1; c <= h; c++)
        if (!class_taken[c]) { steps[n++] = c; steps[n++] = -c; }
    shuffle(steps, n);
    for (int i = 0; i < n; i++) {
        int y = ((x + steps[i]) % p + p) % p, c = steps[i] < 0 ? -steps[i] : steps[i];
        if (y == 0 || taken[y]) continue;
        taken[x] = taken[y] = class_taken[c] = 1;
        a[k] = x;
        b[k] = y;
        if (pair_up(k + 1)) return 1;
        taken[x] = taken[y] = class_taken[c] = 0;
        if (draw() % 8 == 0) return 0; /* give up early: the next starter is as good */
    }
    return 0;
}

/* ---- the matching: a table joins pair first[e] and pair second[e] ---- */

static int edges, first[MAX_EDGES], second[MAX_EDGES], gives[MAX_EDGES][4], gives_n[MAX_EDGES];
static int count[MAX_H + 1], matched[MAX_PAIRS], chosen[MAX_PAIRS / 2 + 1], chosen_n;
static long long nodes, node_limit;

static int fits(int e) {
    if (matched[first[e]] || matched[second[e]]) return 0;
    int add[MAX_H + 1];
    for (int t = 0; t < gives_n[e]; t++) add[gives[e][t]] = 0;
    for (int t = 0; t < gives_n[e]; t++) {
        int c = gives[e][t];
        if (count[c] + ++add[c] > 2) return 0;
    }
    return 1;
}

static int match(int left) {
    if (left == 0) return 1;
    if (++nodes > node_limit) return 0;
    static int live_at[MAX_PAIRS][MAX_EDGES];
    int *live = live_at[left], live_n = 0;
    for (int e = 0; e < edges; e++)
        if (fits(e)) live[live_n++] = e;
    int by_pair[MAX_PAIRS] = {0}, by_class[MAX_H + 1];
    memset(by_class, 0, sizeof by_class);
    for (int t = 0; t < live_n; t++) {
        int e = live[t], seen[4], seen_n = 0;
        by_pair[first[e]]++;
        by_pair[second[e]]++;
        for (int u = 0; u < gives_n[e]; u++) {
            int c = gives[e][u], again = 0;
            for (int s = 0; s < seen_n; s++) again |= seen[s] == c;
            if (!again) { seen[seen_n++] = c; by_class[c]++; }
        }
    }
    int fewest = 1 << 30, is_class = 0, which = -1;
    for (int i = 0; i < pairs; i++)
        if (!matched[i] && by_pair[i] < fewest) { fewest = by_pair[i]; is_class = 0; which = i; }
    for (int c = 1; c <= h; c++)
        if (count[c] < 2 && by_class[c] < fewest) { fewest = by_class[c]; is_class = 1; which = c; }
    if (fewest == 0) return 0;
    int options[MAX_EDGES], n = 0;
    for (int t = 0; t < live_n; t++) {
        int e = live[t];
        if (!is_class) {
            if (first[e] == which || second[e] == which) options[n++] = e;
        } else {
            for (int u = 0; u < gives_n[e]; u++)
                if (gives[e][u] == which) { options[n++] = e; break; }
        }
    }
    shuffle(options, n);
    for (int t = 0; t < n; t++) {
        int e = options[t];
        matched[first[e]] = matched[second[e]] = 1;
        for (int u = 0; u < gives_n[e]; u++) count[gives[e][u]]++;
        chosen[chosen_n++] = e;
        if (match(left - 1)) return 1;
        chosen_n--;
        matched[first[e]] = matched[second[e]] = 0;
        for (int u = 0; u < gives_n[e]; u++) count[gives[e][u]]--;
        if (nodes > node_limit) return 0;
    }
    return 0;
}

static void list_tables(void) {
    edges = 0;
    for (int i = 0; i < pairs; i++)
        for (int j = i + 1; j < pairs; j++) {
            int g[4], n = 0, x[2] = {a[i], b[i]}, y[2] = {a[j], b[j]}, fine = 1;
            for (int s = 0; s < 2; s++)
                for (int t = 0; t < 2; t++)
                    if (x[s] >= 0 && y[t] >= 0) g[n++] = class_of(x[s] - y[t]);
            for (int s = 0; s < n; s++) {
                int same = 0;
                for (int t = 0; t < n; t++) same += g[t] == g[s];
                if (same > 2) fine = 0;
            }
            if (!fine) continue;
            first[edges] = i;
            second[edges] = j;
            gives_n[edges] = n;
            memcpy(gives[edges], g, sizeof g);
            edges++;
        }
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s P SEED NODES STARTERS\n", argv[0]);
        return 2;
    }
    p = atoi(argv[1]);
    h = (p - 1) / 2;
    node_limit = atoll(argv[3]);
    long long starters = atoll(argv[4]);
    if (p < 3 || p > MAX_P || p % 4 != 3 || node_limit < 1 || starters < 1) {
        fprintf(stderr, "P must be 3 (mod 4) from 3 to %d; NODES and STARTERS positive\n", MAX_P);
        return 2;
    }
    state = strtoull(argv[2], NULL, 10) * 2654435761ULL + 1;
    pairs = 1 + h;
    for (long long tried = 0; tried < starters;) {
        memset(taken, 0, sizeof taken);
        memset(class_taken, 0, sizeof class_taken);
        a[0] = 0;
        b[0] = -1;
        if (!pair_up(1)) continue;
        tried++;
        list_tables();
        memset(count, 0, sizeof count);
        memset(matched, 0, sizeof matched);
        chosen_n = 0;
        nodes = 0;
        if (match(pairs / 2)) {
            for (int t = 0; t < chosen_n; t++) {
                int i = first[chosen[t]], j = second[chosen[t]];
                int north = b[i] < 0 ? b[i] : a[i], south = b[i] < 0 ? a[i] : b[i];
                printf("%d %d %d %d\n", north, a[j], south, b[j]);
            }
            return 0;
        }
    }
    fprintf(stderr, "no base round for %d + 1 players in %lld starters\n", p, starters);
    return 1;
}
