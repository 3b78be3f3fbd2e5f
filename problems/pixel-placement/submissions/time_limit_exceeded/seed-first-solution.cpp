// pixel-placement, TIME LIMIT EXCEEDED: the seed article's program (wrong_answer/seed-dfs.cpp)
// with the one fix it needs to be correct: it stops at its first colouring (the three lines
// marked "added"). It is then a complete search, so every answer it gives is right, but it
// checks a clue only once its 3 x 3 block is complete (the clue up-left of the cell just
// placed, and the one above at a row end), with no bound on clues still open. A wrong early
// choice is found out only when some block closes rows later, so on 10 x 10 boards it
// explores ~10^8 and more nodes: already over the limit on the random secret/17-sparse
// (1.5-1.8 s), far over it on secret/21-wide and the hard boards (> 4 s).

//每个格子都要填到，但是可能重复访问，比如先填黑色，再填白色
//如何解决重复访问且保证不会死循环：按顺序遍历格子
#include <iostream>
#include <algorithm>
using namespace std;
int n,m;
char map[15][15];
int f[15][15];//填色方案
bool found=false; // added: stop at the first colouring
bool check(int x,int y)
{
  if(map[x][y]=='_') return true;
  else 
  {
    int num=map[x][y]-'0';
    int cnt=0;//涂黑的个数
    for(int i=-1;i<=1;i++)
    {
      for(int j=-1;j<=1;j++)
      {
        int newx=x+i,newy=y+j;
        if(newx<0||newx>=n||newy<0||newy>=m) continue;
        if(f[newx][newy]==1) cnt++;
      }
    }
    if(cnt==num) return true;
    else return false;
  }
}
void dfs(int x,int y)//剩余的可以填黑色的方格数,已经填过的方格数
{
  if(found) return; // added
  //按逐行逐列的顺序填充
  //全部填充完
  if(x==n) 
  {
    //检查最后一行是否全满足条件
    //（还剩最后一行没有检查）
    for(int y=0;y<m;y++)
    {
      if(!check(n-1,y)) return;//该方案不符合条件
    }
    //输出符合条件的方案
    for(int i=0;i<n;i++)
    {
      for(int j=0;j<m;j++) cout<<f[i][j];
      cout<<endl;
    }
    found=true; // added
    return;
  }
  //每次填充完当前格子检查左上方格子是否合格
  //因为它的状态不会再被影响了，已经固定了
  //到达最后一列的情况要特殊判断，不仅要判断左上方还要判断上方，还涉及到换行
  if(y==m-1)
  {
    //填黑色
    f[x][y]=1;
    //第一行不用检查，第一列只用检查上方
    if(x==0||check(x-1,y-1)&&check(x-1,y)||y==0&&check(x-1,y)) dfs(x+1,0);//换行
    //填白色 
    f[x][y]=0;
    if(x==0||check(x-1,y-1)&&check(x-1,y)||y==0&&check(x-1,y)) dfs(x+1,0);//换行
  }
  //最后一列之前只用检查左上方
  else
  {
    //填黑色
    f[x][y]=1;
    if(x==0||y==0||check(x-1,y-1)) dfs(x,y+1);
    //填白色
    f[x][y]=0;
    if(x==0||y==0||check(x-1,y-1)) dfs(x,y+1);
  }
}
int main()
{
  cin>>n>>m;
  for(int i=0;i<n;i++)
  {
    //scanf前面加空格读换行 
    for(int j=0;j<m;j++) cin>>map[i][j];                   
  }
  dfs(0,0);
  return 0;
}
