// Pixel placement -- my solution
#include <bits/stdc++.h>
using namespace std;

int R, C;
vector<string> hints;
vector<vector<int>> out;

/* true if the hint at (x, y) can still be satisfied */
bool fine(int x, int y, int upto)
{
    if (hints[x][y] == '_')
        return true;
    int want = hints[x][y] - '0', blacks = 0, free_cells = 0;
    for (int p = x - 1; p <= x + 1; p++)
        for (int q = y - 1; q <= y + 1; q++)
        {
            if (p < 0 || q < 0 || p >= R || q >= C)
                continue;
            if (p * C + q <= upto)
                blacks += out[p][q];
            else
                free_cells++;
        }
    return blacks <= want && blacks + free_cells >= want;
}

bool go(int k)
{
    if (k == R * C)
        return true;   // all cells coloured
    int x = k / C, y = k % C;
    for (int colour = 0; colour < 2; colour++)
    {
        out[x][y] = colour;
        bool valid = true;
        for (int p = x - 1; p <= x + 1 && valid; p++)
            for (int q = y - 1; q <= y + 1 && valid; q++)
                if (p >= 0 && q >= 0 && p < R && q < C && !fine(p, q, k))
                    valid = false;
        if (valid && go(k + 1))
            return true;
    }
    out[x][y] = 0;
    return false;
}

int main()
{
    cin >> R >> C;
    hints.resize(R);
    for (auto& line : hints)
        cin >> line;
    out.assign(R, vector<int>(C, 0));
    go(0);
    for (int x = 0; x < R; x++)
    {
        for (int y = 0; y < C; y++)
            cout << out[x][y];
        cout << '\n';
    }
    return 0;
}
