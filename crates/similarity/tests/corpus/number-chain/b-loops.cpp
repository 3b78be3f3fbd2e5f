// Number chain
#include <iostream>
#include <string>
using namespace std;

int N, K;
int val[12][12];
bool used[12][12];
bool step_taken[12][12][12][12];
int mr[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
int mc[8] = {0, 1, 1, 1, 0, -1, -1, -1};
string out;

bool walk(int r, int c, int len)
{
    if (r == N - 1 && c == N - 1)
        return len == N * N;
    int dir = 0;
    while (dir < 8)
    {
        int tr = r + mr[dir], tc = c + mc[dir];
        if (tr >= 0 && tc >= 0 && tr < N && tc < N && !used[tr][tc] && val[tr][tc] == (val[r][c] + 1) % K)
        {
            if (!(dir % 2 == 1 && step_taken[r + mr[dir]][c][r][c + mc[dir]]))
            {
                used[tr][tc] = true;
                step_taken[r][c][tr][tc] = step_taken[tr][tc][r][c] = true;
                out.push_back((char)('0' + dir));
                if (walk(tr, tc, len + 1))
                    return true;
                out.pop_back();
                step_taken[r][c][tr][tc] = step_taken[tr][tc][r][c] = false;
                used[tr][tc] = false;
            }
        }
        dir++;
    }
    return false;
}

int main()
{
    cin >> N >> K;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            cin >> val[r][c];
    used[0][0] = true;
    if (N > 1 && val[0][0] == 0 && walk(0, 0, 1))
        cout << out << endl;
    else
        cout << -1 << endl;
    return 0;
}
