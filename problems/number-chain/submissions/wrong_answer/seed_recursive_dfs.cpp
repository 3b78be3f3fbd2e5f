// The seed article's recursive DFS (../shared/seeds/000_e96c2a353d33892c.txt, section 2.1),
// transcribed faithfully: only the scraping was undone (amp;amp; -> &&, lt;/gt; -> < >,
// full-width punctuation -> ASCII, stray quote marks dropped), the `)` that closes the
// big `if` in dfs (lost in the scrape: "visit[nextX][nextY]!=1{") was put back, and the
// two lines every C++ file needs (#include, using namespace std) were added; the article
// shows neither.
//
// Verdict: WRONG ANSWER, on secret/05-start-not-zero. The DFS only checks that each step
// goes to (a + 1) % k of the current cell; it never checks that the start cell holds 0, so
// on a board whose chain runs 1, 2, 0, 1, ... it prints a walk where the answer is -1.
// (It is also exponential: on the adversarial boards later in the test set it would run
// far over the time limit, but the judge stops at the first wrong test.)
#include <iostream>
using namespace std;

int directoryLength=8;

int directory[][2]=
{{-1,0},{-1,1},{0,1},{1,1},{1,0},{1,-1},{0,-1},{-1,-1}};

const int N=10;

int n,k;

int a[N][N];//存放權值，即輸入

int visit[N][N];//標記是否已訪問，初始化時僅visit[0][0]=1其他均為0

int nextDir[N][N];//記錄下一步的方向值，初始化時均為-1

//1. 判斷節點是否有效

int valid(int x,int y){

return x>=0&&x<n&&y>=0&&y<n;}

//2. (x,y)相鄰節點是否交叉，不交叉返回0

int cross(int x,int y,int i){

if(i%2==0)

return 0;

int frontX=x+directory[i-1][0];

//前一個方向

int frontY=y+directory[i-1][1];

int backX=x+directory[(i+1)%

directoryLength][0];//後一個方向

int backY=y+directory[(i+1)

%directoryLength][1];

if(!valid(frontX,frontY)||!valid(backX,backY))//節點無效不交叉

return 0;

return visit[frontX][frontY]&&visit[backX][backY]&&(nextDir[frontX][frontY]==(i+2)%directoryLength||nextDir[backX][backY]==(i+6)%directoryLength); }

//3. 輸出結果。結果存在nextDir矩陣中，輸出即可。

void printResult(){

int x=0,y=0;

while(!(x==n-1&&y==n-1)){

int dir=nextDir[x][y];

cout<<dir;

x=x+directory[dir][0];

y=y+directory[dir][1];}

}

//4. 判斷是否所有節點都被訪問，都被訪問返回1，否則返回0

int allVisit(){

int i,j;

for(i=0;i<n;i++)

for(j=0;j<n;j++)

if(visit[i][j]==0)

return 0;

return 1;

}

//5. 初始化訪問矩陣visit和下一步方向值矩陣nextDir

void init(){

int i,j;

for(i=0;i<n;i++)

for(j=0;j<n;j++) {

visit[i][j]=0;

nextDir[i][j]=-1; }

}

int dfs(int x,int y){

if(x==n-1&&y==n-1)//到達終點

if(allVisit()){//所有節點都訪問，則搜索成功，輸出結果並返回

printResult();

return 1;

}else

return 0; //搜索失敗

for(int i=0;i<directoryLength;i++){

int nextX=x+directory[i][0];

int nextY=y+directory[i][1];

if(valid(nextX,nextY)&&(a[nextX][nextY]==(a[x][y]+1)%k)

&&!cross(x,y,i)&&visit[nextX][nextY]!=1){

visit[nextX][nextY]=1;

//標記相鄰節點已訪問

nextDir[x][y]=i;

if(dfs(nextX,nextY))

//找到結果則返回

return 1;

visit[nextX][nextY]=0;

//未找到結果則回溯

nextDir[x][y]=-1;

}

}

return 0;

}

int main(){

cin>>n>>k;

int i,j;

for(i=0;i<n;i++)

for(j=0;j<n;j++)

cin>>a[i][j];

init();//初始化矩陣

visit[0][0]=1;//標記起點已訪問

if(n==1)//邊界情況

cout<<-1;

if(!dfs(0,0))

cout<<-1;

}
