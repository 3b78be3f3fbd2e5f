// Eight puzzle: minimum moves, how many shortest sequences, and the
// lexicographically smallest one (D < L < R < U).
#include <bits/stdc++.h>
using namespace std;

const int dx[4] = {1, 0, 0, -1};
const int dy[4] = {0, -1, 1, 0};
const char letter[4] = {'D', 'L', 'R', 'U'};

// breadth first search over board strings
unordered_map<string, int> search(const string& origin, unordered_map<string, long long>* cnt)
{
    unordered_map<string, int> d;
    queue<string> todo;
    d[origin] = 0;
    if (cnt)
        (*cnt)[origin] = 1;
    todo.push(origin);
    while (!todo.empty())
    {
        string cur = todo.front();
        todo.pop();
        int blank = cur.find('0');
        int x = blank / 3, y = blank % 3;
        for (int i = 0; i < 4; i++)
        {
            int tx = x + dx[i], ty = y + dy[i];
            if (tx < 0 || tx > 2 || ty < 0 || ty > 2)
                continue;
            string nxt = cur;
            swap(nxt[blank], nxt[tx * 3 + ty]);
            auto found = d.find(nxt);
            if (found == d.end())
            {
                d[nxt] = d[cur] + 1;
                if (cnt)
                    (*cnt)[nxt] = (*cnt)[cur];
                todo.push(nxt);
            }
            else if (cnt && found->second == d[cur] + 1)
            {
                (*cnt)[nxt] += (*cnt)[cur];
            }
        }
    }
    return d;
}

int main()
{
    string a, b;
    cin >> a >> b;
    unordered_map<string, long long> cnt;
    unordered_map<string, int> da = search(a, &cnt);
    if (!da.count(b))
    {
        cout << -1 << endl;   // unsolvable
        return 0;
    }
    unordered_map<string, int> db = search(b, nullptr);
    string answer, cur = a;
    while (cur != b)
    {
        int blank = cur.find('0');
        int x = blank / 3, y = blank % 3;
        for (int i = 0; i < 4; i++)
        {
            int tx = x + dx[i], ty = y + dy[i];
            if (tx < 0 || tx > 2 || ty < 0 || ty > 2)
                continue;
            string nxt = cur;
            swap(nxt[blank], nxt[tx * 3 + ty]);
            if (db[nxt] == db[cur] - 1)
            {
                answer += letter[i];
                cur = nxt;
                break;
            }
        }
    }
    cout << da[b] << "\n" << cnt[b] << "\n" << answer << "\n";
    return 0;
}
