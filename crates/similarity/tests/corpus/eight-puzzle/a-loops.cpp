// Eight puzzle
#include <bits/stdc++.h>
using namespace std;

const int dx[4] = {1, 0, 0, -1};
const int dy[4] = {0, -1, 1, 0};
const char letter[4] = {'D', 'L', 'R', 'U'};

unordered_map<string, int> search(const string& origin, unordered_map<string, long long>* cnt)
{
    unordered_map<string, int> d;
    queue<string> todo;
    d[origin] = 0;
    if (cnt != nullptr)
        (*cnt)[origin] = 1;
    todo.push(origin);
    while (todo.size() > 0)
    {
        string cur = todo.front();
        todo.pop();
        int blank = cur.find('0');
        int x = blank / 3, y = blank % 3;
        int i = 0;
        while (i < 4)
        {
            int tx = x + dx[i], ty = y + dy[i];
            if (tx >= 0 && tx <= 2 && ty >= 0 && ty <= 2)
            {
                string nxt = cur;
                swap(nxt[blank], nxt[tx * 3 + ty]);
                auto found = d.find(nxt);
                if (found != d.end())
                {
                    if (cnt != nullptr && found->second == d[cur] + 1)
                        (*cnt)[nxt] = (*cnt)[nxt] + (*cnt)[cur];
                }
                else
                {
                    d[nxt] = d[cur] + 1;
                    if (cnt != nullptr)
                        (*cnt)[nxt] = (*cnt)[cur];
                    todo.push(nxt);
                }
            }
            i++;
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
    if (da.count(b) == 0)
    {
        cout << -1 << endl;
    }
    else
    {
        unordered_map<string, int> db = search(b, nullptr);
        string answer, cur = a;
        while (cur != b)
        {
            int blank = cur.find('0');
            int x = blank / 3, y = blank % 3;
            for (int i = 0; i < 4; i++)
            {
                int tx = x + dx[i], ty = y + dy[i];
                if (tx >= 0 && tx <= 2 && ty >= 0 && ty <= 2)
                {
                    string nxt = cur;
                    swap(nxt[blank], nxt[tx * 3 + ty]);
                    if (db[nxt] + 1 == db[cur])
                    {
                        answer += letter[i];
                        cur = nxt;
                        break;
                    }
                }
            }
        }
        cout << da[b] << "\n" << cnt[b] << "\n" << answer << "\n";
    }
    return 0;
}
