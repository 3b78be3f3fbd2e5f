/* The seed's "BFS + backtracking" program (seeds/003, section 3), transcribed faithfully.
 * Adapted only where our output format needs it (each change is marked "adapted"):
 * displayRoad counts the routes it lists instead of printing their coordinates, keeps the
 * first one as U/D/L/R letters, and main prints the count and that route after the length
 * (and nothing after -1).
 *
 * Verdict: RUN-TIME ERROR, first on secret/05-column-open (1000 x 1 maze). The maze lives in
 * `check a[110][110]` on main's stack and createMaze writes row i at a[i][..], so the rows
 * of a 1000 x 1 maze spread over 1000 * 110 * 16 bytes (1.7 MB), far past the array and
 * the top of the stack: SIGSEGV.
 * (A 1 x 1000 row still fits, because the 1000 cells of row 0 run on into rows 1..9.)
 * Its other faults, each of which alone fails some later test (all observed):
 *   - displayRoad stops at ANY cell whose BFS value equals the length, not only at E: cells
 *     at the same distance that left the queue before E are counted as well (count 3
 *     instead of 1 on secret/07-adjacent);
 *   - queue[1000] overflows on any maze with more than 1000 reachable cells (count 0 on
 *     secret/11, SIGSEGV from secret/12 on), and stack[1000] on routes over 1000 steps;
 *   - it lists the shortest routes one by one, exponential on open mazes (secret/08's
 *     48620 routes still pass; C(78, 39) would not);
 *   - canUsed is called with a[x-1][y] and a[x][y-1] before the bounds test, reading
 *     outside the array (harmless in practice, undefined in C). */
#include <stdio.h>

typedef enum{false,true} bool;

typedef struct {
    int x;
    int y;
    char mess;
    int value;
}check;

/* adapted: the route count, the first route as letters, and S, for the letters */
#define MOD 1000000007
static long long routes = 0;
static char firstRoute[1001];
static int startx, starty;

bool canUsed(int x,int y,char data,int n,int m){
    if (x>=0 && x<n && y>=0 && y<m && data!='#') {
        return true;
    }
    return false;
}

void createMaze(int n, int m, check a[][110], int *entryx,
                int *entryy, int *exitx, int *exity){
    for (int i=0; i<n; i++) {
        for (int j=0; j<m; j++) {
            scanf("%c",&a[i][j].mess);
            a[i][j].x=i;
            a[i][j].y=j;
            if (a[i][j].mess=='S') {
                *entryx=i;
                *entryy=j;
            }else if(a[i][j].mess=='E'){
                *exitx=i;
                *exity=j;
            }
        }
        getchar();
    }
}

// 使用的广度优先搜索的思想, 采用队列的数据结构实现
void findRoad(check a[][110], int top, int rear, check queue[],
              int *value, int entryx, int entryy, int n, int m){
    // 首先将入口顶点入队
    check data;
    data.x=entryx;
    data.y=entryy;
    a[entryx][entryy].mess='#';
    data.mess=a[entryx][entryy].mess;
    data.value=0;
    queue[rear]=data;
    bool success=false;
    rear++;
    // 队列不满
    while (top!=rear) {
        // 逐个出队
        check temp=queue[top];
        a[temp.x][temp.y].value=temp.value;
        top++;
        // 对于出队的顶点判断是否是出口, 首个判断为出口的顶点, 其 value 值就是
        // 最短路径的长度
        if (temp.mess=='E') {
            *value=temp.value;
            printf("%d\n",temp.value);
            success=true;
            break;
        }
        if(canUsed(temp.x-1,temp.y,a[temp.x-1][temp.y].mess,n,m)){
            data.x=temp.x-1;
            data.y=temp.y;
            data.mess=a[temp.x-1][temp.y].mess;
            data.value=temp.value+1;
            queue[rear]=data;
            a[temp.x-1][temp.y].mess='#';
            rear++;
        }
        // 右边
        if(canUsed(temp.x,temp.y+1,a[temp.x][temp.y+1].mess,n,m)){
            data.x=temp.x;
            data.y=temp.y+1;
            data.mess=a[temp.x][temp.y+1].mess;
            data.value=temp.value+1;
            queue[rear]=data;
            a[temp.x][temp.y+1].mess='#';
            rear++;
        }
        // 下边
        if(canUsed(temp.x+1,temp.y,a[temp.x+1][temp.y].mess,n,m)){
            data.x=temp.x+1;
            data.y=temp.y;
            data.mess=a[temp.x+1][temp.y].mess;
            data.value=temp.value+1;
            queue[rear]=data;
            a[temp.x+1][temp.y].mess='#';
            rear++;
        }
        // 左边
        if(canUsed(temp.x,temp.y-1,a[temp.x][temp.y-1].mess,n,m)){
            data.x=temp.x;
            data.y=temp.y-1;
            data.mess=a[temp.x][temp.y-1].mess;
            data.value=temp.value+1;
            queue[rear]=data;
            a[temp.x][temp.y-1].mess='#';
            rear++;
        }
    }
    // 如果不成功, 证明出口和入口之间没有通路
    if (success==false) {
        printf("-1\n");
    }
}

// 用于输出最短路径时回溯过程中的判断
bool judgeValue(int x,int y,int n,int m){
    if (x>=0 && x<n && y>=0 && y<m ){
        return true;
    }
    return false;
}

/* adapted: the letter of the step from (x0, y0) to (x1, y1) */
char stepLetter(int x0,int y0,int x1,int y1){
    if (x1==x0-1) return 'U';
    if (x1==x0+1) return 'D';
    if (y1==y0-1) return 'L';
    return 'R';
}

void displayRoad(check a[][110], int entryx, int entryy, int n,
                 int m, int value){
    // 设置静态数组, 实现栈的作用
    static check stack[1000];
    // 栈的栈顶
    static int top=-1;
    if (judgeValue(entryx, entryy, n, m)) {
        if (a[entryx][entryy].value==value) {
            /* adapted: count the route instead of printing stack[0..top-1]; keep the
             * first one as letters (stack[0..top] are the cells after S) */
            if (routes==0) {
                int px=startx, py=starty;
                for (int i=0; i<=top; i++) {
                    firstRoute[i]=stepLetter(px,py,stack[i].x,stack[i].y);
                    px=stack[i].x;
                    py=stack[i].y;
                }
                firstRoute[top+1]='\0';
            }
            routes=(routes+1)%MOD;
            return;
        }
        if (judgeValue(entryx+1, entryy, n, m) &&
            a[entryx+1][entryy].value==a[entryx][entryy].value+1) {
            top++;
            stack[top]=a[entryx+1][entryy];
            displayRoad(a, entryx+1, entryy, n, m,value);
            top--;
        }
        if (judgeValue(entryx-1, entryy, n, m) &&
            a[entryx-1][entryy].value==a[entryx][entryy].value+1) {
            top++;
            stack[top]=a[entryx-1][entryy];
            displayRoad(a, entryx-1, entryy, n, m,value);
            top--;
        }
        if (judgeValue(entryx, entryy+1, n, m) &&
            a[entryx][entryy+1].value==a[entryx][entryy].value+1) {
            top++;
            stack[top]=a[entryx][entryy+1];
            displayRoad(a, entryx, entryy+1, n, m,value);
            top--;
        }
        if (judgeValue(entryx, entryy-1, n, m) &&
            a[entryx][entryy-1].value==a[entryx][entryy].value+1) {
            top++;
            stack[top]=a[entryx][entryy-1];
            displayRoad(a, entryx, entryy-1, n, m,value);
            top--;
        }
    }
}

int main(int argc, const char * argv[]) {
    check a[110][110];
    check queue[1000];
    int top=0,rear=0;
    int n,m;
    int entryx = 0,entryy=0,exitx=0,exity=0;
    scanf("%d %d",&n,&m);
    getchar();
    // 创建迷宫, 并找到入口和出口的位置坐标
    createMaze(n,m,a,&entryx,&entryy,&exitx,&exity);
    // 在迷宫中查找从入口到出口的最短路径, 若有, 输出最短路径的长度; 反之输出 -1
    int value = -1; /* adapted: -1 until findRoad finds E */
    findRoad(a,top,rear,queue,&value,entryx,entryy,n,m);
    /* adapted: count the shortest routes and print the count and the first route */
    if (value >= 0) {
        startx=entryx;
        starty=entryy;
        displayRoad(a, entryx, entryy, n, m, value);
        printf("%lld\n%s\n", routes, firstRoute);
    }
    return 0;
}
