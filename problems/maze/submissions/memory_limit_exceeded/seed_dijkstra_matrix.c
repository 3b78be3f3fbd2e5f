/* The seed's Dijkstra program (seeds/003, section 2), adapted to read our input and print
 * our output; each change is marked "adapted". The seed keeps the maze in char a[110][110]
 * and the graph in fixed arrays of MAX_VERtEX_NUM = 200 vertices, which our 1000 x 1000
 * mazes cannot fit, so the arrays are sized from n and m here (the adjacency matrix as n*m
 * rows of n*m ints); it counts the shortest routes during the relaxation (the seed only
 * finds their length) and prints the route it rebuilds from P as U/D/L/R letters.
 *
 * Verdict: MEMORY LIMIT EXCEEDED, first on secret/12-random-100. The adjacency matrix of a
 * maze with V = n*m cells holds V*V ints: 92 MB for the 60 x 80 mazes before it (which it
 * answers correctly), 400 MB for 100 x 100, 4 TB for 1000 x 1000. Filling it with INFINITY
 * touches every byte, so a judge that limits memory with a control group kills it at
 * 256 MiB. (Under an address-space rlimit instead, malloc returns NULL and the program
 * crashes: run-time error.) The O(V^2) time (10^12 steps at 1000 x 1000) never comes into
 * play.
 * Its other faults:
 *   - the route walk `while (P[exit]!=0)` takes predecessor 0 for "start": a route through
 *     the top-left cell when S is elsewhere is cut short (wrong route on
 *     secret/14-corner-detour, which comes after the memory failure);
 *   - INFINITY = 65535 is also a real distance on mazes with more than 65535 cells. */
#include <stdio.h>
#include <stdlib.h>
#define MAX_VERtEX_NUM 200        // 顶点的最大个数 (adapted: unused, sizes come from n*m)
#define VRType int                // 表示弧的权值的类型
#define VertexType char           // 图中顶点的数据类型
#define INFINITY 65535

typedef enum{false,true} bool;

typedef struct {
    // 存储图中顶点数据
    VertexType *vexs;        /* adapted: was vexs[MAX_VERtEX_NUM] */
    // 二维数组, 记录顶点之间的关系
    VRType **arcs;           /* adapted: was arcs[MAX_VERtEX_NUM][MAX_VERtEX_NUM] */
    // 记录图的顶点数和弧（边）数
    int vexnum,arcnum;
}MGraph;

// 用于存储最短路径中经过的顶点的下标
typedef int *PathMatrix;     /* adapted: was int[MAX_VERtEX_NUM] */
// 用于存储各个最短路径的权值和
typedef int *ShortPathTable; /* adapted: was int[MAX_VERtEX_NUM] */

/* adapted: the number of shortest routes to each vertex, modulo 1e9+7 */
#define MOD 1000000007
static long long *cnt;

// 迪杰斯特拉算法，v0 表示有向网中起始点所在数组中的下标
void ShortestPath_Dijkstra(MGraph G, int v0, PathMatrix *p,
                           ShortPathTable *D){
    // 用于存储各顶点是否已经确定最短路径的数组
    int *final = malloc(sizeof(int) * G.vexnum); /* adapted: was final[MAX_VERtEX_NUM] */

    // 对各数组进行初始化
    for (int v=0; v<G.vexnum; v++) {
        final[v]=0;
        (*D)[v]=G.arcs[v0][v];
        (*p)[v]=0;
        cnt[v]=(*D)[v]<INFINITY ? 1 : 0; /* adapted */
    }

    // 以起点为下标的顶点为起始点, 所以不用再判断
    (*D)[v0]=0;
    final[v0]=1;
    cnt[v0]=1; /* adapted */
    int k = 0;
    for (int i=0; i<G.vexnum; i++) {
        int min=INFINITY;
        // 选择到各顶点权值最小的顶点, 即为本次能确定最短路径的顶点
        for (int w=0; w<G.vexnum; w++) {
            if (!final[w]) {
                if ((*D)[w]<min) {
                    k=w;
                    min=(*D)[w];
                }
            }
        }
        // 设置该顶点的标志位为 1, 避免下次重复判断
        final[k]=1;
        // 对从起点到各顶点的权值进行更新
        for (int w=0; w<G.vexnum; w++) {
            if (!final[w]&&(min+G.arcs[k][w]<(*D)[w])) {
                (*D)[w]=min+G.arcs[k][w];
                // 记录各个最短路径上存在的顶点
                (*p)[w]=k;
                cnt[w]=cnt[k]; /* adapted */
            } else if (!final[w]&&G.arcs[k][w]!=INFINITY&&min+G.arcs[k][w]==(*D)[w]) {
                cnt[w]=(cnt[w]+cnt[k])%MOD; /* adapted: another shortest route */
            }
        }
    }
}

/* adapted: the maze array was char a[110][110] */
static char a[1001][1002];

// 在将二维数组转化为图的过程中, 需要判断当前的点是否越界或者是否为通路
bool canUsed(int i,int j,int n,int m,char a[][1002]){
    if (a[i][j]!='#' && i>=0 && i<n && j>=0 && j<m) {
        return true;
    }
    return false;
}

/* adapted: the letter of the step from vertex u to vertex v */
char stepLetter(int u,int v,int m){
    if (v==u-m) return 'U';
    if (v==u+m) return 'D';
    if (v==u-1) return 'L';
    return 'R';
}

int main(){
    int n,m;
    scanf("%d %d",&n,&m);
    getchar();
    MGraph G;
    G.vexnum=0;
    G.arcnum=0;
    /* adapted: allocate the graph for n*m vertices */
    int V=n*m;
    G.vexs=malloc(V);
    G.arcs=malloc(sizeof(VRType *)*V);
    for (int i=0; i<V; i++) {
        G.arcs[i]=malloc(sizeof(VRType)*V);
    }
    cnt=malloc(sizeof(long long)*V);
    // 记录入口在图的顶点数组中的位置下标
    int start =0;
    // 记录出口在图的顶点数组中的位置下标
    int exit=0;
    // 初始化记录图的边的二维数组, 假设各个边的长度为无穷大, 即两顶点之间没有边
    for (int i=0; i<n*m; i++) {
        for (int j=0; j<n*m; j++) {
            G.arcs[i][j]=INFINITY;
        }
    }
    // 输入二维数组, 同时记录入口和出口的位置
    for (int i=0; i<n; i++) {
        for (int j=0; j<m; j++) {
            scanf("%c",&a[i][j]);
            G.vexs[i*m+j]=a[i][j];
            G.vexnum++;
            if (a[i]
                [j]=='S') {
                start=i*m+j;
            }else if(a[i][j]=='E'){
                exit=i*m+j;
            }
        }
        // 作用是为了读取缓存区中的换行符(因为迷宫是一行一行输入到内存中的)
        getchar();
    }
    // 将二维数组转换为无向图, 在转换时, 从二维数组的左上角开始, 每次判断当前
    // 顶点的右侧和下侧是否为通路, 这样所有的通路就可以转换为无向图中的边
    for (int i=0; i<n; i++) {
        for (int j=0; j<m; j++) {
            // 首先判断当前点是否为通路
            if (canUsed(i, j, n, m, a)) {
                if (canUsed(i+1, j, n, m, a)) {
                    // 设定两顶点之间的边的权值为 1
                    G.arcs[i*m+j][(i+1)*m+j]=1;
                    G.arcs[(i+1)*m+j][i*m+j]=1;
                    G.arcnum++;
                }
                if (canUsed(i, j+1, n, m, a)) {
                    G.arcs[i*m+j][i*m+j+1]=1;
                    G.arcs[i*m+j+1][i*m+j]=1;
                    G.arcnum++;
                }
            }
        }
    }
    PathMatrix P=malloc(sizeof(int)*V);     /* adapted: allocated */
    ShortPathTable D=malloc(sizeof(int)*V); /* adapted: allocated */
    // 进行迪杰斯特拉算法
    ShortestPath_Dijkstra(G, start, &P, &D);
    // 如果最终记录的权值和还是无穷大, 证明, 入口和出口之间没有通路
    if (D[exit]==INFINITY) {
        printf("-1");
    }else{
        /* adapted: print the length, the count and the route as letters; the route is
         * the seed's reversed walk along P, turned around */
        printf("%d\n",D[exit]);
        printf("%lld\n",cnt[exit]);
        int *path=malloc(sizeof(int)*(V+1)), len=0;
        path[len++]=exit;
        while (P[exit]!=0) {
            path[len++]=P[exit];
            exit=P[exit];
        }
        path[len++]=start;
        for (int i=len-1; i>0; i--) {
            putchar(stepLetter(path[i],path[i-1],m));
        }
        printf("\n");
    }
    return 0;
}
