// C++ version
#include <bits/stdc++.h>
using namespace std;

const int P = 1000000007;
const int LIM = 1005;

char mp[LIM][LIM];
int steps[LIM][LIM];
long long cnt[LIM][LIM];
int rowq[LIM * LIM], colq[LIM * LIM];
int mx[4] = {-1, 1, 0, 0};
int my[4] = {0, 0, -1, 1};
char letters[4] = {'U', 'D', 'L', 'R'};
string answer;

int main() {
    ios::sync_with_stdio(false);
    int rows, cols, x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    cin >> rows >> cols;
    int a = 0;
    while (a < rows) {
        cin >> mp[a];
        int b = 0;
        while (b < cols) {
            steps[a][b] = -1;
            if (mp[a][b] == 'S') { x0 = a; y0 = b; }
            else if (mp[a][b] == 'E') { x1 = a; y1 = b; }
            b++;
        }
        a++;
    }
    int front = 0, back = 0;
    rowq[back] = x0;
    colq[back] = y0;
    back += 1;
    steps[x0][y0] = 0;
    cnt[x0][y0] = 1;
    while (front < back) {
        int x = rowq[front], y = colq[front];
        front += 1;
        for (int dir = 0; dir < 4; ++dir) {
            int tx = x + mx[dir], ty = y + my[dir];
            if (tx >= 0 && tx < rows && ty >= 0 && ty < cols && mp[tx][ty] != '#') {
                if (steps[tx][ty] < 0) {
                    steps[tx][ty] = steps[x][y] + 1;
                    cnt[tx][ty] = cnt[x][y];
                    rowq[back] = tx;
                    colq[back] = ty;
                    back += 1;
                } else if (steps[tx][ty] == steps[x][y] + 1) {
                    cnt[tx][ty] = (cnt[tx][ty] + cnt[x][y]) % P;
                }
            }
        }
    }
    if (steps[x1][y1] < 0) {
        cout << "-1\n";
        return 0;
    }
    int total = steps[x1][y1];
    int x = x1, y = y1;
    answer.assign(total, ' ');
    int t = total - 1;
    while (t >= 0) {
        for (int dir = 0; dir < 4; ++dir) {
            int bx = x - mx[dir], by = y - my[dir];
            if (bx >= 0 && bx < rows && by >= 0 && by < cols && steps[bx][by] == steps[x][y] - 1) {
                answer[t] = letters[dir];
                x = bx;
                y = by;
                break;
            }
        }
        t--;
    }
    cout << total << "\n" << cnt[x1][y1] << "\n" << answer << "\n";
    return 0;
}
