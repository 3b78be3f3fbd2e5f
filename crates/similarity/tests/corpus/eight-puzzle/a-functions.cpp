#include <bits/stdc++.h>
using namespace std;

const int DR[4] = {1, 0, 0, -1};
const int DC[4] = {0, -1, 1, 0};
const char MOVE[4] = {'D', 'L', 'R', 'U'};

bool slide(const string& s, int k, string& t) {
    int z = s.find('0');
    int r = z / 3, c = z % 3;
    int nr = r + DR[k], nc = c + DC[k];
    if (nr < 0 || nr > 2 || nc < 0 || nc > 2) return false;
    t = s;
    swap(t[z], t[nr * 3 + nc]);
    return true;
}

string smallest(const string& start, const string& goal, unordered_map<string, int>& toGoal) {
    string path, s = start;
    while (s != goal) {
        for (int k = 0; k < 4; k++) {
            string t;
            if (!slide(s, k, t)) continue;
            if (toGoal[t] == toGoal[s] - 1) {
                path += MOVE[k];
                s = t;
                break;
            }
        }
    }
    return path;
}

unordered_map<string, int> bfs(const string& from, unordered_map<string, long long>* ways) {
    unordered_map<string, int> dist;
    queue<string> q;
    dist[from] = 0;
    if (ways) (*ways)[from] = 1;
    q.push(from);
    while (!q.empty()) {
        string s = q.front();
        q.pop();
        for (int k = 0; k < 4; k++) {
            string t;
            if (!slide(s, k, t)) continue;
            auto it = dist.find(t);
            if (it == dist.end()) {
                dist[t] = dist[s] + 1;
                if (ways) (*ways)[t] = (*ways)[s];
                q.push(t);
            } else if (ways && it->second == dist[s] + 1) {
                (*ways)[t] += (*ways)[s];
            }
        }
    }
    return dist;
}

int main() {
    string start, goal;
    cin >> start >> goal;
    unordered_map<string, long long> ways;
    unordered_map<string, int> fromStart = bfs(start, &ways);
    if (!fromStart.count(goal)) {
        cout << -1 << endl;
        return 0;
    }
    unordered_map<string, int> toGoal = bfs(goal, nullptr);
    cout << fromStart[goal] << "\n" << ways[goal] << "\n" << smallest(start, goal, toGoal) << "\n";
    return 0;
}
