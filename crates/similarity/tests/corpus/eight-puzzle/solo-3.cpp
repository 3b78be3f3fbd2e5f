#include <iostream>
#include <map>
#include <vector>
#include <string>
using namespace std;

typedef long long ll;

struct Search {
    map<ll, int> depth;
    map<ll, ll> ways;
};

static ll encode(const vector<int>& t) {
    ll x = 0;
    for (int v : t) x = x * 9 + v;
    return x;
}

static vector<int> decode(ll x) {
    vector<int> t(9);
    for (int i = 8; i >= 0; --i) { t[i] = x % 9; x /= 9; }
    return t;
}

static vector<pair<char, ll>> next_states(ll x) {
    vector<int> t = decode(x);
    int z = 0;
    while (t[z] != 0) ++z;
    vector<pair<char, ll>> out;
    if (z + 3 < 9) { swap(t[z], t[z + 3]); out.push_back({'D', encode(t)}); swap(t[z], t[z + 3]); }
    if (z % 3 != 0) { swap(t[z], t[z - 1]); out.push_back({'L', encode(t)}); swap(t[z], t[z - 1]); }
    if (z % 3 != 2) { swap(t[z], t[z + 1]); out.push_back({'R', encode(t)}); swap(t[z], t[z + 1]); }
    if (z >= 3) { swap(t[z], t[z - 3]); out.push_back({'U', encode(t)}); swap(t[z], t[z - 3]); }
    return out;
}

static Search layers(ll root) {
    Search s;
    vector<ll> level{root};
    s.depth[root] = 0;
    s.ways[root] = 1;
    for (int d = 1; !level.empty(); ++d) {
        vector<ll> fresh;
        for (ll x : level)
            for (auto& [mv, y] : next_states(x)) {
                auto it = s.depth.find(y);
                if (it == s.depth.end()) { s.depth[y] = d; fresh.push_back(y); }
                if (s.depth[y] == d) s.ways[y] += s.ways[x];
            }
        level.swap(fresh);
    }
    return s;
}

int main() {
    string a, b;
    cin >> a >> b;
    vector<int> ta, tb;
    for (char c : a) ta.push_back(c - '0');
    for (char c : b) tb.push_back(c - '0');
    ll from = encode(ta), to = encode(tb);
    Search fwd = layers(from);
    if (!fwd.depth.count(to)) { cout << "-1\n"; return 0; }
    Search bwd = layers(to);
    string route;
    for (ll x = from; x != to;) {
        for (auto& [mv, y] : next_states(x))
            if (bwd.depth.count(y) && bwd.depth[y] + 1 == bwd.depth[x]) { route += mv; x = y; break; }
    }
    cout << fwd.depth[to] << '\n' << fwd.ways[to] << '\n' << route << '\n';
}
