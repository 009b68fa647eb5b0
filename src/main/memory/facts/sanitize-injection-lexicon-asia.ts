/**
 * Word tables for Chinese, Japanese, Korean, Thai, Vietnamese, Indonesian, Hindi and Bengali (see
 * sanitize-injection-lexicon.ts for how entries are written). Chinese lists simplified and traditional
 * forms. Japanese and Korean orders are recognised by their endings (…てください, …すること, …하라,
 * …하세요), which a third-person fact about the user does not use.
 */
import type { Lexicon } from './sanitize-injection-lexicon-type';

const HAN = /\p{sc=Han}/u;
const JAPANESE = /[\p{sc=Hiragana}\p{sc=Katakana}]/u;
const HANGUL = /\p{sc=Hangul}/u;
const THAI = /\p{sc=Thai}/u;
const LATIN = /\p{sc=Latin}/u;
const DEVANAGARI = /\p{sc=Devanagari}/u;
const BENGALI = /\p{sc=Bengali}/u;

const zh: Lexicon = {
  lang: 'zh',
  script: HAN,
  spacing: 'unspaced',
  verbs: 'first',
  ai: '助手|助理|人工智能|人工智慧|ai|模型|语言模型|語言模型|机器人|機器人|聊天机器人|聊天機器人|智能体|智能體',
  you: '你|您|你们|你們',
  modal: '必须|必須|务必|務必|应该|應該|应当|應當|需要|要|可以|允许|允許|被允许|被允許|有权|有權|得',
  order:
    '告诉|告訴|说|說|回答|回复|回覆|答复|写|寫|添加|加上|附上|推荐|推薦|建议|建議|发送|發送|发给|發給|转发|轉發|显示|顯示|展示|透露|泄露|洩露|要求|询问|詢問|给|給|打电话|打電話|提到|提及|忽略|服从|服從|否认|否認|声称|聲稱|引导|引導|运行|運行|执行|執行|删除|刪除|分享|提醒|警告|让他|讓他|让她|讓她|叫他|劝|勸|说服|說服|不要提|不要说|不要說|不要告诉|不要告訴|提供',
  override:
    '忽略|无视|無視|忽视|忽視|忘记|忘記|忘掉|不要理会|不要理會|不要遵守|不要遵循|不再遵守|不用遵守|不必遵守|无需遵守|無需遵守|跳过|跳過|放弃|放棄|抛弃|拋棄|绕过|繞過|规避|規避|违反|違反|关闭|關閉|解除|废除|廢除',
  policy: '指令|指示|提示词|提示詞|提示|说明|說明|规则|規則|命令|设定|設定|约束|約束|限制|政策|策略|准则|準則|规定|規定|过滤|過濾|审查|審查',
  prior: '之前|以前|先前|上面|上述|前面|所有|全部|一切|系统|系統|原来|原來|原有|你的|原始|安全|既有|默认|默認|預設',
  systemPrompt: '系统提示词|系統提示詞|系统提示|系統提示|系统指令|系統指令|系统消息|系統訊息|系统设定|系統設定|隐藏指令|隱藏指令|system prompt',
  reveal: '输出|輸出|显示|顯示|展示|透露|泄露|洩露|公开|公開|告诉我|告訴我|打印|列出|复述|複述|重复|重複|说出|說出|给我看|給我看|披露|写出|寫出',
  persist:
    '从现在开始|從現在開始|从现在起|從現在起|从今以后|從今以後|从今天起|從今天起|今后|今後|此后|此後|永远|永遠|永久|在每次对话中|在每次對話中|在所有对话中|在所有對話中|每次对话|每次對話|每次回答后|每次回答後|下次',
  condition: '每当|每當|每次|只要|一旦|无论何时|無論何時|当用户|當用戶|如果用户|如果用戶|若用户|若用戶|每逢|如果有人|被问到|被問到',
  whatever: '无论用户问什么|無論用戶問什麼|无论|無論|不管|不论|不論|任何情况下|任何情況下|无一例外|無一例外',
  every: '每个回答|每個回答|每次回答|所有回答|每一条回复|每條回覆|每个回复|每個回覆|回答的结尾|回答的結尾',
  promote: '推荐|推薦|建议|建議|推广|推廣|宣传|宣傳|力荐|力薦|引导|引導|提到',
  rivals: '竞争对手|競爭對手|竞品|競品|对手|對手|其他品牌|其他产品|其他產品|其他银行|其他銀行|其他公司|别家|別家',
  // "把 X 发送到 Y": the object stands between 把 and the verb.
  send: 're:把[^,。!?]{1,30}?(?:发送|發送|发给|發給|发到|發到|转发|轉發|上传|上傳|复制|複製|寄给|寄給)|发送|發送|发给|發給|发到|發到|转发|轉發|上传|上傳|分享|发布|發布|复制|複製|附上|添加|加上|插入|嵌入|传到|傳到|寄给|寄給',
  data: '聊天记录|聊天記錄|对话记录|對話記錄|历史|歷史|对话|對話|消息|訊息|数据|數據|资料|資料|信息|資訊|密码|密碼|凭证|憑證|记忆|記憶|保存的|儲存的|笔记|筆記|邮件|郵件|联系人|聯絡人|验证码|驗證碼|姓名|地址',
  label:
    '系统通知|系統通知|系统消息|系統訊息|系统公告|系統公告|开发者说明|開發者說明|开发者备注|開發者備註|开发人员备注|開發人員備註|管理员通知|管理員通知|管理员消息|管理員訊息|管理员备注|管理員備註|合规通知|合規通知|政策更新|更新日志|更新日誌|变更日志|變更日誌|版本说明|版本說明|运营方通知|營運方通知|系统|系統|管理员|管理員|开发者|開發者|运营者|重要',
  grant: '已授权|已授權|授权|授權|已允许|已允許|允许|允許|已同意|同意|批准|许可|許可|准许|准許|赋予|賦予',
  user: '用户|用戶|使用者|账户持有人|帳戶持有人',
  disabled: '已禁用|已停用|已关闭|已關閉|已取消|已解除|已废除|已廢除|已撤销|已撤銷|已失效|失效|作废|作廢|不再有效|不再适用|不再適用|已暂停|已暫停|已移除',
  roleplay: '扮演|假装|假裝|充当|充當|假设你是|假設你是|模拟|模擬|化身为|化身為|你现在是|你現在是|角色扮演|当作|當作',
  unbound: '没有任何限制|沒有任何限制|没有限制|沒有限制|不受限制|无限制|無限制|没有规则|沒有規則|没有任何规则|沒有任何規則|不受任何约束|不受任何約束|无拘无束|無拘無束|没有过滤|沒有過濾|无审查|無審查|不受约束|不受約束',
  run: '运行|運行|执行|執行|调用|調用|触发|觸發|启动|啟動',
  tool: '工具|函数|函數|命令|脚本|腳本|接口|api',
  decode: '解码|解碼|解密|破译|破譯|倒着读|倒著讀|反转|反轉|翻译|翻譯',
  obey: '照做|执行|執行|遵循|遵照|服从|服從|按照|照办|照辦',
  all: '所有|全部|一切|每个|每個|所有的',
  soft: '请|請|就|要|务必|務必|一定要|必须|必須|都要|都|总是|總是|始终|始終|永远|永遠|并|並|然后|然後|立即|马上|馬上|直接|只|绝对不要|絕對不要|不要|别|別|千万不要|千萬不要|也|还要|還要|同时|同時|再',
};

const ja: Lexicon = {
  lang: 'ja',
  script: JAPANESE,
  spacing: 'unspaced',
  verbs: 'last',
  ai: 'アシスタント|ai|人工知能|モデル|言語モデル|ボット|チャットボット|エージェント',
  you: 'あなた|君|きみ|お前',
  modal: 'なければならない|なければなりません|ねばならない|べき|しなければ|必要がある|してよい|してもよい|しても良い|して構わない|してもかまわない|許可されて|許され|できる|できます',
  order:
    // Endings that make any verb an order or a directive: …てください, …すること / …しないこと, …なさい, …しろ / …せよ.
    're:(?:て|で)(?:ください|下さい)|re:(?:する|しない|ない|せず)こと(?=[。!！、\\n]|$)|re:なさい|re:(?:しろ|せよ)(?=[。!！、\\n]|$)|伝えて|伝えろ|言って|言え|答えて|答えろ|回答して|書いて|追加して|付け加えて|勧めて|薦めて|推薦して|提案して|送って|送信して|転送して|表示して|見せて|開示して|要求して|求めて|尋ねて|電話するよう|ように言って|よう伝えて|ように伝えて|無視して|実行して|削除して|共有して|警告して|触れるな|言うな|教えて',
  override: '無視|忘れ|従わな|破棄|無効に|取り消|守らな|回避|迂回|解除|無効化|気にしな|従う必要はない|オフにし|オフにして|オフにする',
  policy: '指示|命令|ルール|プロンプト|設定|制約|指令|規則|ポリシー|方針|ガイドライン|制限|フィルター|安全対策|検閲',
  prior: '以前|前の|これまで|今まで|上記|すべて|全て|全部|システム|最初の|元の|あなたの|安全|既存の|従来の|デフォルト',
  systemPrompt: 'システムプロンプト|システムメッセージ|システム指示|システムの指示|隠された指示|隠し指示|system prompt',
  reveal: '表示|開示|公開|出力|見せ|教え|漏らし|漏洩|共有|書き出|印刷|繰り返|暴露|明かし',
  persist: '今後は|今後、|今後とも|これからは|これから先|今から|以後|以降は|今日から|今日以降|永久に|毎回の会話で|すべての会話で|全ての会話で|今後のすべての会話|会話が終わるたびに|次回から|次から',
  condition: 're:(?:た|だ)ら(?=[、，,\\s])|たびに|度に|ときは|時は|ときには|場合は|場合には|際は|際には|聞かれたら|尋ねられたら|質問されたら|言及したら|話したら|話題にしたら',
  whatever: '何を質問しても|何を聞いても|何を尋ねても|何を聞かれても|何を言っても|何があっても|どんな質問でも|どんな場合でも|いかなる場合も|いかなる場合でも|例外なく|関係なく|問わず',
  every: 'すべての回答|全ての回答|毎回の回答|回答のたびに|回答の最後に|全回答',
  promote: '勧め|薦め|推薦|推奨|おすすめ|お勧め|提案|宣伝|紹介|誘導|推し',
  rivals: '他社|競合|競合他社|ライバル|他のブランド|他ブランド|他の製品|他社製品|他の銀行|他行',
  send: '送信|送って|送る|送れ|転送|アップロード|共有|投稿|コピー|追加|添付|貼り付け|埋め込',
  data: '履歴|チャット履歴|会話履歴|会話|メッセージ|データ|情報|個人情報|パスワード|暗証番号|認証情報|記憶|メモリ|保存された|メモ|メール|連絡先|コード|名前|住所',
  label:
    'システム通知|システムメッセージ|システムからのお知らせ|システム告知|開発者メモ|開発者からのメモ|開発者ノート|開発者より|管理者からのお知らせ|管理者メッセージ|管理者メモ|管理者より|コンプライアンス通知|ポリシー更新|変更履歴|リリースノート|運営者からのお知らせ|運営からのお知らせ|システム|管理者|開発者|運営|重要',
  grant: '許可|承認|同意|許諾|認め|権限を付与|権限を与え|委任',
  user: 'ユーザー|ユーザ|利用者|使用者|アカウント所有者',
  disabled: '無効化され|無効にされ|解除され|停止され|廃止され|撤廃され|削除され|取り消され|適用されない|無効です|無効となり|失効',
  roleplay: 'として振る舞|として振舞|になりきって|になりきり|を演じ|役を演じ|のふりをし|のふりして|を装っ|ロールプレイ|として行動|成りすま|なりすま',
  unbound: '制限のない|制限なし|制限が一切ない|一切の制限|無制限|ルールのない|ルールなし|ルールが一切ない|規則のない|制約のない|制約なし|フィルターなし|検閲なし|何の制限も|何でもありの',
  run: '実行|呼び出|起動|走らせ|トリガー',
  tool: 'ツール|関数|コマンド|スクリプト|api|機能',
  decode: 'デコード|復号|解読|逆から読|翻訳',
  obey: '従え|従うこと|実行して|実行すること|その通りに|指示通りに',
  all: 'すべて|全て|全部|あらゆる|一切',
  soft: '必ず|絶対に|決して|常に|すぐに|ただちに|直ちに|また',
};

const ko: Lexicon = {
  lang: 'ko',
  script: HANGUL,
  spacing: 'spaced',
  verbs: 'last',
  ai: '어시스턴트*|비서*|인공지능*|ai*|모델*|언어 모델*|챗봇*|에이전트*',
  you: '너*|당신*|네가|니가',
  modal: '*해야|*하여야|*해도 된다|*해도 됩니다|*해도 좋다|*할 수 있다|*할 수 있습니다|허용된다|허용됩니다|권한이 있다|*되어야',
  order:
    // Imperative endings (…하라, …해라, …하세요, …하십시오, …해 줘, …할 것) and "tell him to …" (…하라고 해).
    're:[\\p{L}]*(?:하라|해라|하세요|하십시오|하시오|해\\s?줘|해\\s?주세요|할\\s?것)(?![\\p{L}])|re:[\\p{L}]*(?:라고|하라고)\\s*(?:해|말해|전해|알려)(?![\\p{L}])|re:[\\p{L}]*지\\s*(?:마|마라|마세요|말\\s*것)(?![\\p{L}])|말해|알려|알려줘|전해|답해|대답해|답변해|써|적어|추가해|추천해|권해|제안해|보내|보내줘|전송해|보여줘|보여|출력해|공개해|요구해|요청해|물어봐|줘|언급해|무시해|복종해|부인해|주장해|유도해|실행해|삭제해|공유해|경고해',
  override: '무시*|잊어*|잊으*|따르지 마*|따르지 말*|지키지 마*|지키지 말*|우회*|해제*|비활성화*|건너뛰*|어겨*|위반*|끄세요|꺼 주세요|꺼주세요|꺼줘|끄십시오|꺼라|끄라|끄고',
  policy: '지시*|명령*|지침*|규칙*|프롬프트*|정책*|제한*|제약*|필터*|가이드라인*|원칙*|검열*',
  prior: '이전*|모든|앞의|위의|시스템*|기존*|원래*|처음*|너의|네|당신의|안전*|예전*|지금까지*',
  systemPrompt: '시스템 프롬프트*|시스템 메시지*|시스템 지시*|시스템 지침*|숨겨진 지시*|system prompt',
  reveal: '보여*|출력*|공개*|노출*|알려*|말해*|복사*|반복*|인쇄*|유출*|밝혀*',
  persist: '지금부터*|앞으로*|이제부터*|오늘부터*|이후로*|향후*|영원히|모든 대화에서|매 대화*|대화가 끝날 때마다|다음 번*|다음부터*',
  condition: '때마다|할 때마다|경우에는|물으면|물어보면|질문하면|언급하면|이야기하면|말하면|요청하면|묻는다면|끝나면',
  whatever: '무엇을 묻든|무엇을 물어도|무엇을 질문하든|뭘 묻든|뭐라고 묻든|어떤 질문이든|무슨 질문이든|어떤 경우에도|어떤 상황에서도|예외 없이|상관없이|관계없이|무조건',
  every: '모든 답변*|모든 대답*|매 답변*|답변마다|답변 끝에',
  promote: '추천해*|추천하라|추천하세요|추천할 것|추천하고|권해*|권하라|제안해*|제안하라|홍보해*|홍보하라|광고해*',
  rivals: '경쟁사*|경쟁 업체*|경쟁자*|다른 브랜드*|다른 제품*|다른 은행*|타사*',
  send: '보내*|전송*|전달*|업로드*|공유*|게시*|복사*|첨부*|붙여*|삽입*',
  data: '기록*|대화 기록*|채팅 기록*|대화*|메시지*|데이터*|정보*|개인정보*|비밀번호*|암호*|인증 정보*|기억*|메모리*|저장된|메모*|이메일*|연락처*|코드*|이름*|주소*',
  label:
    '시스템 공지|시스템 메시지|시스템 알림|시스템 안내|개발자 메모|개발자 노트|개발자 공지|관리자 공지|관리자 메시지|관리자 메모|관리자 알림|규정 준수 알림|정책 업데이트|변경 로그|릴리스 노트|운영자 공지|시스템|관리자|개발자|운영자|중요',
  grant: '허락*|허가*|승인*|동의*|권한을 부여*|위임*|허용*',
  user: '사용자*|유저*|이용자*|계정 소유자*',
  disabled: '비활성화되었*|비활성화됐*|해제되었*|해제됐*|중단되었*|폐지되었*|삭제되었*|취소되었*|더 이상 유효하지 않*|적용되지 않*|무효*',
  roleplay: '연기*|역할을 해*|역할을 맡아|역할극*|인 척*|척해*|처럼 행동*|로서 행동*|되어 줘|가 되어라|이 되어라|흉내*',
  unbound: '규칙도 없는|규칙이 없는|어떤 규칙도|아무 규칙도|제한이 없는|제한 없는|아무 제한*|어떠한 제한*|무제한*|필터 없*|검열 없*|제약 없*|제약이 없는',
  run: '실행*|호출*|작동*|구동*|트리거*',
  tool: '도구*|툴*|함수*|명령*|스크립트*|api',
  decode: '디코딩*|디코드*|해독*|복호화*|거꾸로 읽*|번역*',
  obey: '따르*|따라*|복종*|실행*|수행*|이행*|그대로 해',
  all: '모든|전부|전체|모두',
  soft: '항상|절대|반드시|즉시|바로|그리고',
};

const th: Lexicon = {
  lang: 'th',
  script: THAI,
  spacing: 'unspaced',
  verbs: 'first',
  ai: 'ผู้ช่วย|เอไอ|ปัญญาประดิษฐ์|โมเดล|แชทบอท|บอท|ai',
  you: 'คุณ|เธอ',
  modal: 'ต้อง|ควร|สามารถ|ได้รับอนุญาต|อนุญาตให้|มีสิทธิ์|จำเป็นต้อง',
  // Thai marks an order with ให้/จง/โปรด/กรุณา/ห้าม/อย่า before the verb: bare verbs are listed only in those pairs.
  order: 'บอกให้|บอกผู้ใช้|บอกเขา|บอกว่า|ให้บอก|ให้ตอบ|ให้แนะนำ|ให้ส่ง|ให้แสดง|ให้เปิดเผย|ให้โอน|ให้ขอ|ให้ถาม|ให้โทร|ให้เขียน|ให้เพิ่ม|ให้ลบ|ให้รัน|แนะนำให้|จง|โปรด|กรุณา|ห้าม|อย่า|เพิกเฉย|ตอบว่า',
  override: 'เพิกเฉย|ไม่ต้องสนใจ|อย่าสนใจ|ละเลย|ลืม|ไม่ต้องทำตาม|อย่าทำตาม|เลิกทำตาม|ข้าม|หลีกเลี่ยง|ปิด|ยกเลิก|ฝ่าฝืน|ละเมิด|มองข้าม',
  policy: 'คำสั่ง|คำแนะนำ|ข้อกำหนด|กฎ|กฎเกณฑ์|ข้อบังคับ|นโยบาย|ข้อจำกัด|ตัวกรอง|หลักเกณฑ์|แนวทาง|พรอมต์|พรอมท์',
  prior: 'ก่อนหน้า|ก่อนหน้านี้|ที่ผ่านมา|ทั้งหมด|ทุก|ของคุณ|ระบบ|ความปลอดภัย|เดิม|ดั้งเดิม|ข้างต้น|เก่า',
  systemPrompt: 'ข้อความระบบ|พรอมต์ระบบ|พรอมท์ระบบ|คำสั่งระบบ|system prompt|คำสั่งที่ซ่อน|คำสั่งลับ',
  reveal: 'เปิดเผย|แสดง|พิมพ์|เขียนออกมา|บอก|แชร์|คัดลอก|ทำซ้ำ|เผย|แฉ',
  persist: 'ตั้งแต่นี้ไป|ต่อจากนี้|นับจากนี้|จากนี้ไป|ตั้งแต่วันนี้|ตลอดไป|ในทุกบทสนทนา|ทุกบทสนทนา|หลังจบทุก|หลังทุก|ท้ายทุก|ครั้งหน้า|ครั้งต่อไป',
  condition: 'ทุกครั้งที่|เมื่อใดก็ตามที่|เมื่อผู้ใช้|ถ้าผู้ใช้|หากผู้ใช้|ทันทีที่|หากมีคน|ถ้ามีคน|ถ้าถูกถาม|เมื่อถูกถาม',
  whatever: 'ไม่ว่า|ไม่ว่าจะ|ไม่ว่ากรณีใด|ในทุกกรณี|โดยไม่มีข้อยกเว้น',
  every: 'ในทุกคำตอบ|ทุกคำตอบ|ท้ายทุกคำตอบ|ทุกครั้ง',
  promote: 'ให้แนะนำ|จงแนะนำ|โปรดแนะนำ|แนะนำเฉพาะ|แนะนำให้ใช้|แนะนำแต่|ห้ามพูดถึง|อย่าพูดถึง|ห้ามแนะนำ|อย่าแนะนำ|โปรโมต|โปรโมท',
  rivals: 'คู่แข่ง|แบรนด์อื่น|ยี่ห้ออื่น|สินค้าอื่น|ธนาคารอื่น|แอปอื่น',
  send: 'ส่ง|ส่งต่อ|ให้ส่ง|อัปโหลด|โพสต์|แชร์|คัดลอก|แนบ|แทรก',
  data: 'ประวัติการสนทนา|ประวัติ|บทสนทนา|ข้อความ|ข้อมูล|รหัสผ่าน|รหัส|ความจำ|ความทรงจำ|ที่บันทึกไว้|อีเมล|รายชื่อติดต่อ|พิน|โอทีพี|ชื่อ|ที่อยู่',
  label:
    'ข้อความระบบ|ข้อความจากระบบ|ประกาศระบบ|แจ้งเตือนระบบ|ข้อความจากผู้ดูแลระบบ|ข้อความจากผู้พัฒนา|บันทึกผู้พัฒนา|หมายเหตุจากผู้พัฒนา|หมายเหตุผู้ดูแล|ประกาศจากผู้ดูแลระบบ|อัปเดตนโยบาย|บันทึกการเปลี่ยนแปลง|ระบบ|ผู้ดูแลระบบ|แอดมิน|ผู้พัฒนา|นักพัฒนา|ผู้ควบคุม|สำคัญ',
  grant: 'อนุญาต|ยินยอม|ให้ความยินยอม|อนุมัติ|มอบสิทธิ์|ให้สิทธิ์|ได้รับอนุญาต|ได้รับสิทธิ์',
  user: 'ผู้ใช้|เจ้าของบัญชี',
  disabled: 'ถูกปิด|ปิดใช้งาน|ถูกยกเลิก|ยกเลิกแล้ว|ถูกระงับ|ระงับแล้ว|ถูกลบ|ไม่มีผลแล้ว|ไม่มีผลบังคับใช้|ใช้ไม่ได้แล้ว|ถูกถอด',
  roleplay: 'สวมบทบาท|สวมบทเป็น|รับบทเป็น|เล่นบทบาท|เล่นเป็น|แสดงเป็น|แกล้งทำเป็น|ทำตัวเป็น|ทำเป็นว่า|สมมติว่าคุณเป็น|จงเป็น',
  unbound: 'ไม่มีกฎ|ไม่มีข้อจำกัด|ไม่มีขีดจำกัด|ไร้ขีดจำกัด|ไร้กฎ|ไม่มีตัวกรอง|ไม่มีการเซ็นเซอร์|ไม่ถูกจำกัด|ปราศจากกฎ|ไร้ข้อจำกัด',
  run: 'รัน|เรียกใช้|สั่งรัน|ดำเนินการ|เปิดใช้',
  tool: 'เครื่องมือ|ฟังก์ชัน|คำสั่ง|สคริปต์|api',
  decode: 'ถอดรหัส|อ่านย้อนกลับ|กลับด้าน|แปล',
  obey: 'ทำตาม|เชื่อฟัง|ปฏิบัติตาม|ดำเนินการตาม|จงทำตาม',
  all: 'ทั้งหมด|ทุก|ทุกอย่าง',
  soft: 'ให้|จง|โปรด|กรุณา|และ|แล้ว|เสมอ|ทันที|ห้าม|อย่า',
};

const vi: Lexicon = {
  lang: 'vi',
  script: LATIN,
  spacing: 'spaced',
  verbs: 'first',
  ai: 'trợ lý|trợ lý ảo|trí tuệ nhân tạo|mô hình|mô hình ngôn ngữ|bot|chatbot|tác tử',
  you: 'bạn|cậu|mày',
  modal: 'phải|cần phải|nên|được phép|có thể|có quyền|buộc phải|bắt buộc',
  order:
    'nói|nói với|bảo|bảo họ|bảo anh ấy|bảo chị ấy|trả lời|viết|thêm|thêm vào|gợi ý|giới thiệu|khuyên|khuyên họ|đề xuất|gửi|chuyển tiếp|hiển thị|cho xem|tiết lộ|yêu cầu|hỏi|gọi|nhắc đến|đề cập|bỏ qua|tuân theo|vâng lời|phủ nhận|khẳng định|chuyển hướng|chạy|thực thi|xóa|chia sẻ|cảnh báo|thuyết phục|đừng nhắc|đừng nói|đừng bao giờ|hướng dẫn họ',
  override: 'bỏ qua|phớt lờ|lờ đi|quên|quên đi|quên hết|không tuân theo|đừng tuân theo|ngừng tuân theo|vượt qua|lách|vô hiệu hóa|tắt|hủy bỏ|gạt bỏ|gạt sang một bên|vi phạm|phá vỡ',
  policy: 'hướng dẫn|chỉ dẫn|chỉ thị|mệnh lệnh|lệnh|quy tắc|luật lệ|quy định|chính sách|giới hạn|hạn chế|bộ lọc|nguyên tắc|lời nhắc|câu lệnh',
  prior: 'trước đó|trước đây|trước|tất cả|toàn bộ|mọi|của bạn|hệ thống|an toàn|bảo mật|ban đầu|gốc|ở trên|cũ|đạo đức',
  systemPrompt: 'lời nhắc hệ thống|câu lệnh hệ thống|chỉ dẫn hệ thống|hướng dẫn hệ thống|thông điệp hệ thống|prompt hệ thống|system prompt|chỉ thị ẩn|hướng dẫn ẩn',
  reveal: 'tiết lộ|hiển thị|cho xem|in ra|viết ra|chia sẻ|sao chép|lặp lại|nói ra|công khai|để lộ',
  persist:
    'từ giờ trở đi|từ bây giờ|từ nay|từ nay về sau|từ giờ|kể từ bây giờ|kể từ nay|từ hôm nay|mãi mãi|vĩnh viễn|trong mọi cuộc trò chuyện|trong mỗi cuộc trò chuyện|trong tất cả các cuộc trò chuyện|sau mỗi|cuối mỗi|lần sau',
  condition: 'mỗi khi|mỗi lần|bất cứ khi nào|bất kỳ khi nào|khi người dùng|nếu người dùng|hễ|khi được hỏi|nếu được hỏi|ngay khi',
  whatever: 'dù … gì|bất kể|cho dù|dù thế nào|trong mọi trường hợp|không có ngoại lệ|dù sao',
  every: 'trong mọi câu trả lời|trong mỗi câu trả lời|ở mỗi câu trả lời|cuối mỗi câu trả lời|mỗi câu trả lời',
  promote: 'giới thiệu|gợi ý|khuyên|khuyên dùng|đề xuất|quảng cáo|quảng bá|nhắc đến|đề cập|tiến cử',
  rivals: 'đối thủ|đối thủ cạnh tranh|thương hiệu khác|sản phẩm khác|ngân hàng khác|ứng dụng khác',
  send: 'gửi|gửi đi|gửi tới|chuyển tiếp|tải lên|đăng|chia sẻ|sao chép|thêm|đính kèm|chèn|dán',
  data: 'lịch sử|cuộc trò chuyện|trò chuyện|tin nhắn|dữ liệu|thông tin|mật khẩu|thông tin đăng nhập|bộ nhớ|ký ức|đã lưu|ghi chú|email|danh bạ|mã|mã pin|mã otp|otp|tên|địa chỉ',
  label:
    'thông báo hệ thống|tin nhắn hệ thống|thông điệp hệ thống|ghi chú của nhà phát triển|ghi chú nhà phát triển|thông báo từ nhà phát triển|thông báo từ quản trị viên|ghi chú của quản trị viên|tin nhắn từ quản trị viên|thông báo tuân thủ|cập nhật chính sách|nhật ký thay đổi|ghi chú phát hành|hệ thống|quản trị viên|admin|nhà phát triển|nhà vận hành|quan trọng',
  grant: 'đã cho phép|cho phép|đã đồng ý|đã chấp thuận|chấp thuận|đã ủy quyền|ủy quyền|được phép|sự cho phép|sự đồng ý',
  user: 'người dùng|người sử dụng|chủ tài khoản',
  disabled: 'đã bị vô hiệu hóa|bị vô hiệu hóa|đã tắt|bị tắt|đã bị gỡ bỏ|đã gỡ bỏ|bị hủy bỏ|đã hủy|bị đình chỉ|không còn hiệu lực|không còn áp dụng|đã bị bãi bỏ',
  roleplay: 'đóng vai|nhập vai|vào vai|giả vờ là|giả làm|giả sử bạn là|hãy là|trở thành|hành động như|cư xử như|tưởng tượng bạn là|hóa thân',
  unbound: 'không có bất kỳ quy tắc nào|không có quy tắc|không quy tắc|không giới hạn|không có giới hạn|không hạn chế|không có bộ lọc|không kiểm duyệt|không bị ràng buộc|không có luật lệ',
  run: 'chạy|thực thi|thực hiện|gọi|kích hoạt',
  tool: 'công cụ|hàm|lệnh|tập lệnh|script|lời gọi|api',
  decode: 'giải mã|đảo ngược|đọc ngược|dịch',
  obey: 'tuân theo|làm theo|thực hiện|thi hành|chấp hành|vâng lời|tuân thủ',
  all: 'tất cả|mọi|toàn bộ|mỗi|hết',
  soft: 'hãy|luôn|luôn luôn|đừng|đừng bao giờ|không bao giờ|cũng|sau đó|rồi|ngay|ngay lập tức|chỉ|vui lòng|làm ơn|bây giờ|lặng lẽ|và',
};

const id: Lexicon = {
  lang: 'id',
  script: LATIN,
  spacing: 'spaced',
  verbs: 'first',
  ai: 'asisten|ai|kecerdasan buatan|model|model bahasa|bot|chatbot|agen',
  you: 'kamu|kau|anda|engkau',
  modal: 'harus|wajib|boleh|bisa|dapat|perlu|diizinkan|diperbolehkan|berhak|mesti',
  order:
    'katakan|katakanlah|bilang|beri tahu|beritahu|beritahukan|jawab|jawablah|tulis|tuliskan|tambahkan|sisipkan|sarankan|rekomendasikan|anjurkan|kirim|kirimkan|teruskan|tampilkan|tunjukkan|perlihatkan|ungkapkan|bocorkan|minta|mintalah|tanyakan|berikan|telepon|sebut|sebutkan|abaikan|patuhi|sangkal|arahkan|jalankan|eksekusi|hapus|bagikan|ingatkan|peringatkan|suruh|suruhlah|yakinkan|jangan sebut|jangan beri tahu',
  override:
    'abaikan|abaikanlah|lupakan|lupakanlah|jangan ikuti|jangan patuhi|berhenti mengikuti|berhenti mematuhi|langgar|lewati|lompati|kesampingkan|nonaktifkan|matikan|singkirkan|akali|mengabaikan|melupakan|melanggar|mengesampingkan|menonaktifkan|melewati|mengakali|tidak perlu mengikuti|tidak usah mengikuti',
  policy: 'instruksi*|petunjuk*|perintah*|aturan*|peraturan*|pedoman*|kebijakan*|batasan*|pembatasan*|filter*|penyaring*|larangan*|prinsip*|prompt*|arahan*|ketentuan*',
  prior: 'sebelumnya|terdahulu|semua|seluruh|segala|milikmu|kamu|anda|sistem|keamanan|keselamatan|asli|awal|di atas|lama|etika',
  systemPrompt: 'prompt sistem|perintah sistem|instruksi sistem|pesan sistem|instruksi tersembunyi|system prompt|instruksi internal',
  reveal: 'tampilkan|tunjukkan|perlihatkan|ungkapkan|bocorkan|cetak|tuliskan|tulis|bagikan|salin|ulangi|sebutkan|beberkan|menampilkan|mengungkapkan|membocorkan|menunjukkan|membagikan',
  persist:
    'mulai sekarang|mulai saat ini|mulai hari ini|sejak sekarang|dari sekarang|ke depannya|seterusnya|selamanya|secara permanen|di setiap percakapan|dalam setiap percakapan|di semua percakapan|dalam semua percakapan berikutnya|setelah setiap|di akhir setiap|lain kali',
  condition: 'setiap kali|tiap kali|kapan pun|kapanpun|ketika pengguna|saat pengguna|jika pengguna|kalau pengguna|apabila pengguna|begitu pengguna|bila pengguna|jika ada yang|kalau ditanya|jika ditanya',
  whatever: 'apa pun|apapun|apa saja|bagaimanapun|tidak peduli|tanpa peduli|terlepas dari|dalam kondisi apa pun|tanpa kecuali|tanpa terkecuali',
  every: 'di setiap jawaban|dalam setiap jawaban|di semua jawaban|pada setiap jawaban|di akhir setiap jawaban|setiap jawaban',
  promote: 'rekomendasikan|sarankan|anjurkan|promosikan|tawarkan|sebut|sebutkan|arahkan|unggulkan|iklankan',
  rivals: 'pesaing*|kompetitor*|saingan*|merek lain|produk lain|bank lain|aplikasi lain|toko lain',
  send: 'kirim|kirimkan|teruskan|unggah|bagikan|posting|publikasikan|salin|tambahkan|sisipkan|lampirkan|tempelkan|sematkan|mengirim|mengirimkan|meneruskan',
  data: 'riwayat|percakapan|obrolan|chat|pesan|data|informasi|kata sandi|sandi|password|kredensial|memori|ingatan|tersimpan|catatan|email|kontak|pin|kode|otp|nama|alamat',
  label:
    'pesan sistem|pemberitahuan sistem|catatan sistem|catatan pengembang|pesan pengembang|catatan developer|catatan admin|pesan admin|pemberitahuan admin|catatan administrator|pemberitahuan kepatuhan|pembaruan kebijakan|log perubahan|catatan rilis|catatan operator|sistem|admin|administrator|pengembang|developer|operator|penting',
  grant: 'telah memberikan izin|memberikan izin|memberi izin|telah mengizinkan|mengizinkan|telah menyetujui|menyetujui|telah mengotorisasi|memberi wewenang|memberikan persetujuan|izin penuh|diizinkan|diperbolehkan|berwenang|izin|persetujuan',
  user: 'pengguna|pemakai|pemilik akun',
  disabled: 'dinonaktifkan|telah dinonaktifkan|dicabut|telah dicabut|dihapus|dibatalkan|ditangguhkan|tidak berlaku lagi|tidak lagi berlaku|sudah tidak berlaku|dimatikan|ditiadakan',
  roleplay: 'berperanlah sebagai|berperan sebagai|perankan|mainkan peran|mainkan|berpura-puralah|berpura-pura|pura-pura|bertindaklah sebagai|bertindak sebagai|bersikaplah seperti|jadilah|anggap dirimu|bayangkan kamu',
  unbound: 'tanpa aturan|tanpa aturan apa pun|tanpa batasan|tanpa batasan apa pun|tanpa filter|tanpa sensor|tanpa batas|tanpa larangan|tidak ada aturan|tidak punya aturan|bebas aturan|tanpa kebijakan',
  run: 'jalankan|eksekusi|panggil|aktifkan|picu|menjalankan',
  tool: 'alat|fungsi|perintah|skrip|script|panggilan|api|tool|tindakan',
  decode: 'dekode|dekodekan|decode|uraikan|balikkan|baca terbalik|terjemahkan',
  obey: 'patuhi|ikuti|jalankan|laksanakan|terapkan|lakukan apa|turuti|mematuhi|mengikuti|menjalankan',
  all: 'semua|seluruh|segala|setiap|tiap',
  soft: 'selalu|jangan|jangan pernah|juga|lalu|kemudian|segera|langsung|cukup|tolong|silakan|sekarang|hanya|diam-diam|dan',
};

const hi: Lexicon = {
  lang: 'hi',
  script: DEVANAGARI,
  spacing: 'spaced',
  verbs: 'last',
  ai: 'सहायक|असिस्टेंट|एआई|ए.आई.|आर्टिफिशियल इंटेलिजेंस|कृत्रिम बुद्धि*|मॉडल|बॉट|चैटबॉट|एजेंट',
  you: 'तुम|तुम्हें|तुम्हारे|तुम्हारी|तुम्हारा|तू|आपको',
  modal: 'चाहिए|होगा|होंगे|करना होगा|करना है|सकता है|सकती है|सकते हो|सकते हैं|अनुमति है|अधिकृत है|की अनुमति',
  order:
    'बताओ|बताइए|बताइये|बताना|बता दो|बताएं|बताएँ|कहो|कहिए|कहना|कह दो|जवाब दो|जवाब दीजिए|उत्तर दो|लिखो|लिखिए|लिखना|जोड़ो|जोड़ दो|जोड़ना|सुझाओ|सुझाव दो|सलाह दो|सलाह देना|सलाह दीजिए|सिफारिश करो|सिफ़ारिश करो|भेजो|भेज दो|भेजिए|भेजना|भेजें|दिखाओ|दिखा दो|दिखाइए|दिखाना|दिखाएं|प्रकट करो|माँगो|मांगो|माँगना|मांगना|पूछो|पूछना|दीजिए|फ़ोन करो|कॉल करो|ज़िक्र करो|जिक्र करो|नाम लो|नाम लेना|अनदेखा करो|नज़रअंदाज़ करो|मानो|मना करो|इनकार करो|दावा करो|चलाओ|चलाना|मिटाओ|हटाओ|डिलीट करो|साझा करो|शेयर करो|समझाओ|चेतावनी दो|मत बताना|मत लेना|मत करना|मत कहना|करने को कहो|करने की सलाह',
  override:
    'अनदेखा करो|अनदेखा कर दो|अनदेखा करें|अनदेखा करना|अनदेखा करे|नज़रअंदाज़ करो|नज़रअंदाज़ कर दो|नज़रअंदाज़ करें|नज़रअंदाज़ करना|नज़रअंदाज़ करे|भूल जाओ|भूल जाइए|भूल जाएं|भुला दो|मत मानो|पालन मत करो|पालन न करो|पालन न करें|उल्लंघन करो|दरकिनार करो|बायपास करो|तोड़ दो|को न मानें',
  policy: 'निर्देश*|नियम*|दिशानिर्देश*|नीति*|नीतियों|प्रतिबंध*|पाबंदि*|पाबंदी|सीमाओं|फ़िल्टर*|प्रॉम्प्ट|प्रोम्प्ट|आदेश*|हिदायत*',
  prior: 'पिछले|पिछली|पहले|पहले के|पहले दिए गए|सभी|सारे|सारी|सब|अपने|तुम्हारे|सिस्टम|सुरक्षा|मूल|पुराने|ऊपर के|अब तक',
  systemPrompt: 'सिस्टम प्रॉम्प्ट|सिस्टम प्रोम्प्ट|सिस्टम संदेश|सिस्टम निर्देश|छिपे निर्देश|छिपे हुए निर्देश|system prompt',
  reveal: 'दिखाओ|दिखा दो|दिखाइए|दिखाना|बताओ|बता दो|बताइए|प्रकट करो|उजागर करो|लिखो|लिख दो|छापो|प्रिंट करो|साझा करो|शेयर करो|दोहराओ|खुलासा करो|ज़ाहिर करो',
  persist: 'अब से|आज से|इस पल से|अभी से|आगे से|हमेशा के लिए|स्थायी रूप से|हर बातचीत में|सभी बातचीत में|हर बातचीत के बाद|हर जवाब के बाद|हर उत्तर के बाद|हर जवाब के अंत में|अगली बार|आने वाली हर बातचीत',
  condition: 'जब भी|जब कभी|हर बार जब|जब उपयोगकर्ता|अगर उपयोगकर्ता|यदि उपयोगकर्ता|जैसे ही|अगर कोई|यदि कोई|पूछे तो|पूछने पर',
  whatever: 'चाहे कुछ भी|चाहे जो भी|चाहे जो|कुछ भी पूछे|जो भी पूछे|हर हाल में|किसी भी हाल में|बिना किसी अपवाद|किसी भी स्थिति में',
  every: 'हर जवाब में|हर उत्तर में|सभी जवाबों में|हर जवाब के अंत में',
  promote: 'सलाह दो|सलाह देना|सलाह दीजिए|सलाह दें|सुझाओ|सुझाव दो|सुझाव देना|सिफारिश करो|सिफ़ारिश करना|सिफारिश करें|प्रचार करो|प्रचार करना|बढ़ावा दो|ज़िक्र करो|नाम लो|रेकमेंड करो|डाउनलोड करने को कहो',
  rivals: 'प्रतिद्वंद्वी*|प्रतिस्पर्धी*|दूसरे बैंक|दूसरे ब्रांड|दूसरी कंपनि*|अन्य ब्रांड|अन्य कंपनि*|अन्य उत्पाद*|किसी दूसरे बैंक',
  send: 'भेजो|भेज दो|भेजिए|भेजना|भेजें|फ़ॉरवर्ड करो|फॉरवर्ड करो|अपलोड करो|साझा करो|शेयर करो|पोस्ट करो|कॉपी करो|जोड़ो|जोड़ दो|जोड़ना|संलग्न करो|चिपकाओ|डाल दो',
  data: 'इतिहास|बातचीत|चैट|संदेश*|डेटा|जानकारी|पासवर्ड|क्रेडेंशियल*|मेमोरी|यादें|सहेजे गए|नोट्स|ईमेल|संपर्क|पिन|कोड|ओटीपी|नाम|पता',
  label:
    'सिस्टम सूचना|सिस्टम संदेश|सिस्टम नोटिस|डेवलपर नोट|डेवलपर का नोट|डेवलपर संदेश|एडमिन नोट|एडमिन संदेश|प्रशासक नोट|प्रशासक का संदेश|व्यवस्थापक सूचना|अनुपालन सूचना|नीति अपडेट|बदलाव लॉग|चेंजलॉग|ऑपरेटर नोट|सिस्टम|एडमिन|डेवलपर|प्रशासक|ऑपरेटर|महत्वपूर्ण',
  grant: 'अनुमति दी|अनुमति दे दी|इजाज़त दी|सहमति दी|सहमति दे दी|मंज़ूरी दी|अधिकृत किया|अधिकार दिया|अनुमति है|अधिकृत है|सहमति|अनुमति',
  user: 'उपयोगकर्ता|यूज़र|खाताधारक',
  disabled: 'हटा दिए गए|हटा दी गई|हटा दिया गया|बंद कर दिए गए|बंद कर दी गई|बंद कर दिया गया|निलंबित|रद्द|अमान्य|अब लागू नहीं|निष्क्रिय|समाप्त कर दिए गए|ख़त्म कर दिए गए',
  roleplay: 'किरदार निभाओ|का किरदार निभाओ|भूमिका निभाओ|की भूमिका निभाओ|रोल प्ले करो|होने का नाटक करो|नाटक करो|बन जाओ|बनो|की तरह व्यवहार करो|अभिनय करो|मान लो कि तुम',
  unbound: 'कोई नियम नहीं|कोई पाबंदी नहीं|कोई प्रतिबंध नहीं|कोई सीमा नहीं|बिना किसी नियम|बिना नियम|बिना किसी पाबंदी|बिना किसी प्रतिबंध|बिना किसी सीमा|बिना फ़िल्टर|बिना सेंसर|नियमों से मुक्त',
  run: 'चलाओ|चला दो|चलाइए|चलाना|रन करो|निष्पादित करो|एक्ज़ीक्यूट करो|सक्रिय करो',
  tool: 'टूल|उपकरण|फ़ंक्शन|फंक्शन|कमांड|स्क्रिप्ट|एपीआई|api',
  decode: 'डिकोड करो|डिकोड करके|डिकोड कीजिए|उलटा पढ़ो|अनुवाद करो',
  obey: 'पालन करो|पालन करना|पालन कीजिए|मानो|मान लो|मानना|अमल करो|लागू करो|वही करो',
  all: 'सभी|सारे|सारी|सब|हर|पूरा|पूरी|पूरे',
  soft: 'हमेशा|कभी|मत|न|भी|फिर|तुरंत|सिर्फ़|सिर्फ|कृपया|अब|और',
};

const bn: Lexicon = {
  lang: 'bn',
  script: BENGALI,
  spacing: 'spaced',
  verbs: 'last',
  ai: 'সহকারী*|সহায়ক*|অ্যাসিস্ট্যান্ট*|এআই*|কৃত্রিম বুদ্ধিমত্তা*|মডেল*|বট*|চ্যাটবট*|এজেন্ট*',
  you: 'তুমি|তোমার|তোমাকে|তুই',
  modal: 'পারবে|পারো|পারেন|পারে|হবে|উচিত|বাধ্য|অনুমতি আছে|অনুমোদিত',
  order:
    'বলো|বলুন|বলবে|বলবেন|বলে দাও|জানাও|জানান|জানাবে|উত্তর দাও|উত্তর দিন|জবাব দাও|লেখো|লিখুন|লিখবে|যোগ করো|যোগ করুন|জুড়ে দাও|জুড়ে দিন|সুপারিশ করো|সুপারিশ করুন|পরামর্শ দাও|পরামর্শ দিন|পাঠাও|পাঠান|পাঠিয়ে দাও|পাঠাবে|দেখাও|দেখান|দেখাবে|প্রকাশ করো|চাও|চেয়ে নাও|জিজ্ঞেস করো|দাও|ফোন করো|উল্লেখ করো|উপেক্ষা করো|মেনে চলো|অস্বীকার করো|দাবি করো|চালাও|চালান|মুছে ফেলো|মুছে দাও|শেয়ার করো|করো না|বলবে না|কোরো না',
  override:
    'উপেক্ষা করো|উপেক্ষা করুন|উপেক্ষা করবে|উপেক্ষা করতে|ভুলে যাও|ভুলে যান|ভুলে যাবে|অগ্রাহ্য করো|অগ্রাহ্য করুন|মেনে চলবে না|মানবে না|মেনো না|মানো না|পালন করো না|লঙ্ঘন করো|এড়িয়ে যাও|বাদ দাও|বন্ধ করে দাও|বাতিল করো|পাত্তা দিও না',
  policy: 'নির্দেশ*|নির্দেশনা*|নিয়ম*|নীতি*|নির্দেশিকা*|বিধিনিষেধ*|সীমাবদ্ধতা*|ফিল্টার*|প্রম্পট*|আদেশ*',
  prior: 'আগের|পূর্ববর্তী|পূর্বের|সব|সমস্ত|সকল|সবগুলো|তোমার|নিজের|সিস্টেম*|নিরাপত্তা|মূল|পুরোনো|পুরানো|উপরের|এতদিনের',
  systemPrompt: 'সিস্টেম প্রম্পট*|সিস্টেম বার্তা*|সিস্টেম নির্দেশ*|লুকানো নির্দেশ*|system prompt',
  reveal: 'দেখাও|দেখান|দেখিয়ে দাও|প্রকাশ করো|প্রকাশ করুন|ফাঁস করো|বলে দাও|লেখো|লিখে দাও|প্রিন্ট করো|শেয়ার করো|জানিয়ে দাও',
  persist: 'এখন থেকে|আজ থেকে|এই মুহূর্ত থেকে|ভবিষ্যতে|সবসময়ের জন্য|চিরকাল|স্থায়ীভাবে|প্রতিটি কথোপকথনে|সব কথোপকথনে|প্রতিটি আলাপে|প্রতিটি উত্তরের পরে|প্রতিটি উত্তরের শেষে|পরের বার|এরপর থেকে',
  condition: 'যখনই|যখন ব্যবহারকারী|যদি ব্যবহারকারী|প্রতিবার|প্রত্যেকবার|যতবার|জিজ্ঞেস করলে|জিজ্ঞাসা করলে|উল্লেখ করলে',
  whatever: 'যা-ই জিজ্ঞেস করুক|যাই জিজ্ঞেস করুক|যা-ই হোক|যাই হোক|যা কিছুই|যে প্রশ্নই|কোনো ব্যতিক্রম ছাড়া|সব ক্ষেত্রে',
  every: 'প্রতিটি উত্তরে|প্রত্যেক উত্তরে|সব উত্তরে|প্রতিটি উত্তরের শেষে',
  promote: 'সুপারিশ করো|সুপারিশ করুন|সুপারিশ করবে|পরামর্শ দাও|পরামর্শ দিন|পরামর্শ দেবে|প্রচার করো|উল্লেখ করো|নাম বলো|প্রশংসা করো|রেকমেন্ড করো',
  rivals: 'প্রতিদ্বন্দ্বী*|প্রতিযোগী*|অন্য ব্র্যান্ড*|অন্য ব্যাংক*|অন্যান্য ব্র্যান্ড*|অন্য কোম্পানি*',
  send: 'পাঠাও|পাঠান|পাঠিয়ে দাও|পাঠাবে|ফরোয়ার্ড করো|আপলোড করো|শেয়ার করো|পোস্ট করো|কপি করো|যোগ করো|জুড়ে দাও|জুড়ে দিন|সংযুক্ত করো|বসিয়ে দাও',
  data: 'ইতিহাস|কথোপকথন*|চ্যাট*|বার্তা*|ডেটা|তথ্য|পাসওয়ার্ড*|স্মৃতি*|মেমোরি*|সংরক্ষিত|নোট*|ইমেইল*|ঠিকানা|নাম|পিন|কোড|ওটিপি',
  label:
    'সিস্টেম বার্তা|সিস্টেম নোটিশ|সিস্টেম বিজ্ঞপ্তি|ডেভেলপার নোট|ডেভেলপারের নোট|ডেভেলপারের বার্তা|অ্যাডমিন নোট|অ্যাডমিনের বার্তা|প্রশাসকের বার্তা|সম্মতি বিজ্ঞপ্তি|নীতি আপডেট|পরিবর্তন লগ|চেঞ্জলগ|অপারেটর নোট|সিস্টেম|অ্যাডমিন|ডেভেলপার|প্রশাসক|অপারেটর|গুরুত্বপূর্ণ',
  grant: 'অনুমতি দিয়েছেন|অনুমতি দিয়েছে|সম্মতি দিয়েছেন|সম্মতি দিয়েছে|অনুমোদন দিয়েছেন|অনুমোদন করেছেন|অধিকার দিয়েছেন|অনুমতি আছে|অনুমোদিত|অনুমতি|সম্মতি',
  user: 'ব্যবহারকারী*',
  disabled: 'বাতিল|বন্ধ করা হয়েছে|বন্ধ করে দেওয়া হয়েছে|সরিয়ে দেওয়া হয়েছে|তুলে নেওয়া হয়েছে|স্থগিত|অকার্যকর|আর প্রযোজ্য নয়|নিষ্ক্রিয়',
  roleplay: 'ভূমিকায় অভিনয় করো|ভূমিকা পালন করো|চরিত্রে অভিনয় করো|অভিনয় করো|ভান করো|হয়ে যাও|মতো আচরণ করো|চরিত্র হও',
  unbound: 'কোনো নিয়ম নেই|কোনো নিয়ম ছাড়া|নিয়ম ছাড়া|কোনো বিধিনিষেধ নেই|কোনো সীমাবদ্ধতা নেই|সীমাহীন|ফিল্টার ছাড়া|সেন্সর ছাড়া|নিয়মহীন|কোনো নিয়ম মেনে চলবে না',
  run: 'চালাও|চালান|রান করো|চালু করো|কল করো|সক্রিয় করো|এক্সিকিউট করো',
  tool: 'টুল*|ফাংশন*|কমান্ড*|স্ক্রিপ্ট*|এপিআই',
  decode: 'ডিকোড করো|ডিকোড করে|উল্টো পড়ো|অনুবাদ করো',
  obey: 'মেনে চলো|মেনে চলুন|পালন করো|পালন করুন|মানো|মেনে নাও|অনুসরণ করো|কার্যকর করো',
  all: 'সব|সমস্ত|সকল|প্রতিটি|প্রত্যেক',
  soft: 'সবসময়|কখনো|না|ও|তারপর|এখনই|শুধু|দয়া করে|এবং',
};

export const LEXICONS_ASIA: readonly Lexicon[] = [zh, ja, ko, th, vi, id, hi, bn];
