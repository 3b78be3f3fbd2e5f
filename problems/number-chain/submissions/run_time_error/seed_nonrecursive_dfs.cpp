// The seed article's non-recursive DFS (../shared/seeds/000_e96c2a353d33892c.txt, section
// 2.2), transcribed faithfully. The article shows only the body of main and the Node
// class; it says the helper functions (valid, cross, printResult, allVisit, init) and the
// globals are those of the recursive version (2.1), so they are copied from there. Only
// the scraping was undone (amp;amp; -> &&, lt;/gt; -> < >, full-width punctuation ->
// ASCII; the `if` that the scrape glued onto the comment after `nextDir[x][y]=i;` is back
// on its own line), and #include <iostream>, #include <stack> and using namespace std were
// added.
//
// Verdict: RUN-TIME ERROR, on sample/1. When it finds a walk, main ends with `return 1;`
// (the article's code: "printResult(); //輸出結果返回 return 1;"), so the process exits
// with status 1 after printing a correct walk, and a non-zero exit is a run-time error.
// Were that fixed, it would still print a walk on secret/05-start-not-zero (it never checks
// that the start cell holds 0) and it is exponential on the adversarial boards. It also
// keeps walking out of the end cell when that cell is reached too early (the check is
// "end and all visited"), which never changes its answer but makes it slower still.
#include <iostream>
#include <stack>
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

class Node{

public:

int x;

int y;

Node(int x, int y) {

this->x = x;

this->y = y;

}

};

stack<Node> st;

int main(){

cin>>n>>k;

int i,j;

for(i=0;i<n;i++)

for(j=0;j<n;j++)

cin>>a[i][j];

init();//初始化矩陣

if(n==1){ //邊界

cout<<-1;

return 0;

}

Node start(0,0);

st.push(start);//起點入棧

visit[0][0]=1; //標記起點已訪問

while (!st.empty()) {

Node node=st.top();//獲取棧頂

int x=node.x;

int y=node.y;

int d=nextDir[x][y];

if(x==n-1&&y==n-1&&allVisit()){

//如果棧頂為終點並且所有節點被訪問

printResult(); //輸出結果返回

return 1;

}

d++; //獲取棧頂節點的方向

int flag=0;

for(i=d;i<directoryLength;i++){ //從當前方向開始循環遍歷後續所有方向的結點

int nextX=x+directory[i][0];//獲取i方向上的節點坐標

int nextY=y+directory[i][1];

nextDir[x][y]=i;//設置當前棧頂節點的方向值為i

if(valid(nextX,nextY)&&(a[nextX][nextY]==(a[x][y]+1)%k)&&

!cross(x,y,i)&&visit[nextX][nextY]!=1){//如果該方向節點有效

Node next(nextX,nextY);

st.push(next);//該方向的下一個節點入棧

visit[nextX][nextY]=1;

flag=1; //標記找到符合條件的下一個節點

break;

}

}

if(!flag){//如果沒有找到符合條件的下一步節點則回溯

visit[x][y]=0;

st.pop();

nextDir[x][y]=-1;

}

} cout<<-1<<endl;

}
